/**
 * The session behind the token is gone: the connection stops instead of retrying. Apart from
 * the client (`realtime-client.ts`, which brings the `centrifuge` library and loads after the first
 * paint), so the code that asks for tokens can throw it without that library.
 */
export class RealtimeSessionEndedError extends Error {}
