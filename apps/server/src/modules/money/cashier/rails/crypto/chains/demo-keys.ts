/**
 * DEMO ONLY. Public keys and addresses of the well-known BIP39 test mnemonic
 * "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
 * so the platform hands out deposit addresses with no configuration. Everybody knows that
 * mnemonic's private keys: anything sent to these addresses is lost to whoever sweeps it first.
 * Production sets CRYPTO_XPUB_* and CRYPTO_ADDRESS_* to the operator's own keys.
 */

/** Account-level extended PUBLIC keys (xpub version bytes) at the paths in each comment. */
export const demoAccountXpubs: Readonly<
  Record<'bitcoin' | 'litecoin' | 'ethereum' | 'tron', string>
> = {
  // m/84'/0'/0' (BIP84); the same key as BIP84's published zpub6rFR7y4Q2AijBEqTUquhVz398htD…
  bitcoin:
    'xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V',
  // m/84'/2'/0' (BIP84, Litecoin coin type 2)
  litecoin:
    'xpub6CjGURuDpczf6uNrCCwfhVizn5J3hsWcvZ2m6GAdmAjZnoWJPrx6TFPjGSftc2o5fvox6ubQjSXmjjaHZjwYMH7SGFpHHb9Jg24zBf66mbE',
  // m/44'/60'/0' (BIP44, Ethereum; also serves BNB Smart Chain)
  ethereum:
    'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
  // m/44'/195'/0' (BIP44, Tron coin type 195)
  tron: 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd',
};

/** The shared operator deposit addresses on the memo networks (see `memoNetworks`). */
export const demoSharedAddresses: Readonly<{ ton: string; solana: string }> = {
  // Wallet v4r2 of the ed25519 key at SLIP-10 m/44'/607'/0' (Tonkeeper / Trust Wallet), non-bounceable.
  ton: 'UQAzWZa6nM5mJev91wGc7VCSfBoIsYRqKJpV78N8Add9-RKY',
  // The ed25519 key at SLIP-10 m/44'/501'/0'/0' (Phantom / Solflare default account).
  solana: 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
};
