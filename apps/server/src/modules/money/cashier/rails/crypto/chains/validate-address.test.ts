import { randomBytes } from 'node:crypto';
import { type CryptoNetworkId, cryptoNetworkIds } from '@casino/contract';
import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { demoAccountXpubs, demoSharedAddresses } from './demo-keys.ts';
import { deriveAddress } from './derive-address.ts';
import { base58check, encodeSegwit, toChecksumAddress } from './encodings.ts';
import { addressFormats, isValidAddress } from './validate-address.ts';

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** `address` with the character at `position` replaced by the next one of `alphabet` (same case). */
function flip(address: string, position: number, alphabet: string): string {
  const char = address.charAt(position);
  const upper = char !== char.toLowerCase();
  const lowerAlphabet = alphabet.toLowerCase() === alphabet;
  const index = alphabet.indexOf(lowerAlphabet ? char.toLowerCase() : char);
  if (index < 0) throw new Error(`${char} is not in the alphabet`);
  let next = alphabet.charAt((index + 1) % alphabet.length);
  if (lowerAlphabet && upper) next = next.toUpperCase();
  return `${address.slice(0, position)}${next}${address.slice(position + 1)}`;
}

// Published vectors (sources in the comments). Every one must pass isValidAddress and the regex.
const valid: Record<CryptoNetworkId, string[]> = {
  bitcoin: [
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // genesis coinbase P2PKH
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', // Bitcoin wiki P2PKH example
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // Bitcoin wiki P2SH example
    '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA', // SLIP-132: abandon…about m/44'/0'/0'/0/0
    '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf', // SLIP-132: abandon…about m/49'/0'/0'/0/0
    'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', // BIP84 first receive address
    // BIP350 valid mainnet vectors (v0 upper case, P2WSH, v1 of 40 bytes, v16, v2, taproot)
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    'BC1SW50QGDZ25J',
    'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
    'bc1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvses5wp4dt',
    'bc1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvses7epu4h',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  ],
  litecoin: [
    'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', // abandon…about m/84'/2'/0'/0/0
    'LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez', // abandon…about m/44'/2'/0'/0/0
    // Bisq LitecoinTest valid addresses
    'Lg3PX8wRWmApFCoCMAsPF5P9dPHYQHEWKW',
    'LTuoeY6RBHV3n3cfhXVVTbJbxzxnXs9ofm',
    'LgfapHEPhZbRF9pMd5WPT35hFXcZS1USrW',
    'ltc1qxtm55gultqzhqzl2p3ks50hg2478y3hehuj6dz',
    'MGEW4aba3tnrVtVhGcmoqqHaLt5ymPSLPi',
    // Legacy 3… P2SH (version 0x05), still accepted by Litecoin Core
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  ],
  ethereum: [
    // EIP-55 test cases: all caps, all lower, mixed (checksummed)
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', // abandon…about m/44'/60'/0'/0/0
  ],
  bsc: [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  ],
  tron: [
    'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', // abandon…about m/44'/195'/0'/0/0
    'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK', // abandon…about m/44'/195'/0'/0/1
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', // the USDT TRC-20 contract
  ],
  ton: [
    // docs.ton.org "Address formats": one account in every form
    'EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF',
    'EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff+W72r5gqPrHF',
    'UQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPuwA',
    '0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e',
    '0:CA6E321C7CCE9ECEDF0A8CA2492EC8592494AA5FB5CE0387DFF96EF6AF982A3E',
    '-1:fcb91a3a3816d0f7b8c2c76108b8a9bc5a6b7a55bd79f8ab101c52db29232260', // docs masterchain raw example
    'Uf-rq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq2ep', // masterchain -1:abab…ab (TON Connect vector)
    'UQAzWZa6nM5mJev91wGc7VCSfBoIsYRqKJpV78N8Add9-RKY', // abandon…about wallet v4r2 (Tonkeeper, Trust Wallet)
  ],
  solana: [
    '11111111111111111111111111111111', // System Program (32 zero bytes)
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', // SPL Token program
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', // USDC mint
    'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk', // abandon…about m/44'/501'/0'/0'
  ],
};

const invalid: Record<CryptoNetworkId, [string, string][]> = {
  bitcoin: [
    ['', 'empty'],
    [' ', 'whitespace'],
    [' bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'leading whitespace'],
    ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu\n', 'trailing newline'],
    [
      flip('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 20, BECH32_CHARSET),
      'flipped bech32 character',
    ],
    [flip('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 10, BASE58_ALPHABET), 'flipped base58 character'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN', 'base58 one character short'],
    ['ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', 'a Litecoin address'],
    ['LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez', 'a Litecoin L… address'],
    [
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      'a testnet tb1 address (BIP350)',
    ],
    ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 'a testnet taproot address'],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'a testnet P2PKH address'],
    ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', 'an Ethereum address'],
    // BIP350 invalid mainnet vectors
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'v1 with a bech32 checksum'],
    [
      'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL',
      'v16 with a bech32 checksum',
    ],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'v0 with a bech32m checksum'],
    ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'witness version 17'],
    ['bc1pw5dgrnzv', 'program of 1 byte'],
    [
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav',
      'program of 41 bytes',
    ],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'v0 program of 16 bytes'],
    [
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf',
      'more than 4 bits of zero padding',
    ],
    ['bc1gmk9yu', 'empty data section'],
    // BIP173-era encodings of v1+ programs, invalid since BIP350
    [
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
      'BIP173 v1 encoding',
    ],
    ['BC1SW50QA3JX3S', 'BIP173 v16 encoding'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj', 'BIP173 v2 encoding'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'bad checksum (BIP173)'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8F3T4', 'mixed case'],
  ],
  litecoin: [
    ['', 'empty'],
    ['\t', 'whitespace'],
    [
      flip('ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', 15, BECH32_CHARSET),
      'flipped bech32 character',
    ],
    [flip('LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez', 12, BASE58_ALPHABET), 'flipped base58 character'],
    ['1LgfapHEPhZbRF9pMd5WPT35hFXcZS1USrW', 'Bisq invalid: extra leading 1'],
    ['LgfapHEPhZbdRF9pMd5WPT35hFXcZS1USrW', 'Bisq invalid: inserted character'],
    ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'a Bitcoin segwit address'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'a Bitcoin P2PKH address'],
    ['tltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', 'a testnet-looking prefix'],
    ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 'a Tron address'],
  ],
  ethereum: [
    ['', 'empty'],
    ['0x', 'prefix only'],
    [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
      'mixed case, one letter of the checksum flipped',
    ],
    ['0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'mixed case, another letter flipped'],
    ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'no 0x prefix'],
    ['0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'upper-case 0X prefix'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', '38 hex digits'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00', '42 hex digits'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', 'a non-hex digit'],
    [' 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'leading whitespace'],
    ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 'a Tron address'],
  ],
  bsc: [
    ['', 'empty'],
    ['0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6Fb', 'checksum letter flipped'],
    ['bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2', 'a BNB Beacon Chain address'],
  ],
  tron: [
    ['', 'empty'],
    [' TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 'leading whitespace'],
    [flip('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 10, BASE58_ALPHABET), 'flipped base58 character'],
    [flip('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 33, BASE58_ALPHABET), 'flipped checksum character'],
    ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYd', 'one character short'],
    ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', 'an Ethereum address'],
    ['41e825d52582eec346c839b4875376117904a76cbc', 'hex form'],
    ['1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA', 'a Bitcoin address'],
  ],
  ton: [
    ['', 'empty'],
    [' EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF', 'leading whitespace'],
    ['EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHG', 'bad CRC16 (last character changed)'],
    ['EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqQrHF', 'bad CRC16 (hash character changed)'],
    ['EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrH', '47 characters'],
    ['kQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPgpP', 'testnet-only flag'],
    ['0QDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPleK', 'testnet-only non-bounceable'],
    ['0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3', 'raw with 63 hex digits'],
    [
      '0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3g',
      'raw with a non-hex digit',
    ],
    ['1:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e', 'raw on workchain 1'],
    ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', 'an Ethereum address'],
    ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 'a Tron address'],
  ],
  solana: [
    ['', 'empty'],
    [' HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk', 'leading whitespace'],
    [base58.encode(new Uint8Array(31).fill(0xff)), 'decodes to 31 bytes'],
    [base58.encode(new Uint8Array(33).fill(0x01)), 'decodes to 33 bytes'],
    [base58.encode(new Uint8Array(31)), 'decodes to 31 zero bytes'],
    ['HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpq0', 'a character outside base58'],
    ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 'a Tron address (25 bytes)'],
    ['0x9858EfFD232B4033E47d90003D41EC34EcaEda94', 'an Ethereum address'],
  ],
};

describe('isValidAddress — published valid vectors', () => {
  for (const network of cryptoNetworkIds) {
    it(`${network}: accepts every vector, and addressFormats matches each`, () => {
      const pattern = new RegExp(addressFormats[network]);
      for (const address of valid[network]) {
        expect(isValidAddress(network, address), address).toBe(true);
        expect(pattern.test(address), address).toBe(true);
      }
    });
  }
});

describe('isValidAddress — invalid cases', () => {
  for (const network of cryptoNetworkIds) {
    it(`${network}: rejects wrong checksums, networks, lengths and whitespace`, () => {
      for (const [address, why] of invalid[network]) {
        expect(isValidAddress(network, address), `${why}: ${JSON.stringify(address)}`).toBe(false);
      }
    });
  }

  it('a flipped character that still matches the regex is caught by the checksum', () => {
    const samples: [CryptoNetworkId, string, string][] = [
      ['bitcoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', BECH32_CHARSET],
      ['litecoin', 'LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez', BASE58_ALPHABET],
      ['tron', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', BASE58_ALPHABET],
    ];
    for (const [network, address, alphabet] of samples) {
      const start = network === 'bitcoin' ? 4 : 1;
      for (let position = start; position < address.length; position++) {
        const flipped = flip(address, position, alphabet);
        expect(new RegExp(addressFormats[network]).test(flipped)).toBe(true);
        expect(isValidAddress(network, flipped), flipped).toBe(false);
      }
    }
  });
});

describe('isValidAddress — randomly generated well-formed addresses', () => {
  const payload = (version: number) => new Uint8Array([version, ...randomBytes(20)]);

  it('every network accepts its own encodings of random keys and scripts, regex included', () => {
    for (let round = 0; round < 200; round++) {
      const samples: [CryptoNetworkId, string][] = [
        ['bitcoin', base58check.encode(payload(0x00))],
        ['bitcoin', base58check.encode(payload(0x05))],
        ['bitcoin', encodeSegwit('bc', 0, randomBytes(20))],
        ['bitcoin', encodeSegwit('bc', 0, randomBytes(32))],
        ['bitcoin', encodeSegwit('bc', 1, randomBytes(32))],
        ['litecoin', base58check.encode(payload(0x30))],
        ['litecoin', base58check.encode(payload(0x32))],
        ['litecoin', base58check.encode(payload(0x05))],
        ['litecoin', encodeSegwit('ltc', 0, randomBytes(20))],
        ['litecoin', encodeSegwit('ltc', 0, randomBytes(32))],
        ['ethereum', toChecksumAddress(randomBytes(20).toString('hex'))],
        ['bsc', `0x${randomBytes(20).toString('hex')}`],
        ['tron', base58check.encode(payload(0x41))],
        ['solana', base58.encode(randomBytes(32))],
      ];
      // Leading zero bytes give the shortest encodings.
      samples.push(['bitcoin', base58check.encode(new Uint8Array(21))]);
      samples.push(['solana', base58.encode(new Uint8Array(32))]);
      for (const [network, address] of samples) {
        expect(new RegExp(addressFormats[network]).test(address), `${network} ${address}`).toBe(
          true,
        );
        expect(isValidAddress(network, address), `${network} ${address}`).toBe(true);
      }
    }
  });

  it("a random key under another network's version byte is refused", () => {
    expect(isValidAddress('bitcoin', base58check.encode(payload(0x30)))).toBe(false);
    expect(isValidAddress('litecoin', base58check.encode(payload(0x00)))).toBe(false);
    expect(isValidAddress('tron', base58check.encode(payload(0x00)))).toBe(false);
    expect(isValidAddress('bitcoin', encodeSegwit('ltc', 0, randomBytes(20)))).toBe(false);
    expect(isValidAddress('bitcoin', encodeSegwit('tb', 0, randomBytes(20)))).toBe(false);
  });
});

describe('the demo addresses', () => {
  it('are valid on their networks', () => {
    expect(isValidAddress('ton', demoSharedAddresses.ton)).toBe(true);
    expect(isValidAddress('solana', demoSharedAddresses.solana)).toBe(true);
    expect(isValidAddress('bitcoin', deriveAddress('bitcoin', demoAccountXpubs.bitcoin, 0))).toBe(
      true,
    );
  });
});
