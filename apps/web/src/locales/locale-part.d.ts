/** A part of a language's texts, cut out at build time (`build/locale-parts.ts`). */
declare module 'virtual:locale-part/*' {
  const texts: import('./index').PartialTranslation;
  export default texts;
}
