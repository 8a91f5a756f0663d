import type { en } from './en';

type DeepStrings<T> = { [Key in keyof T]: T[Key] extends string ? string : DeepStrings<T[Key]> };

/** A complete translation: every key English has (each language is complete; no fallback is loaded). */
export type Translation = DeepStrings<typeof en>;
/** A namespace: the first segment of a key (`wallet` in `wallet.deposit`), one file per language. */
export type Namespace = keyof typeof en;
