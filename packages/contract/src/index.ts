export * from './auth.ts';
export * from './backoffice.ts';
export * from './backoffice-players.ts';
export * from './errors.ts';
export * from './locales.ts';
export * from './profile.ts';
export * from './validation-messages.ts';
