declare module 'geoip-country' {
  interface CountryLookup {
    /** ISO 3166-1 alpha-2 */
    country: string;
    name: string;
  }
  const geoip: {
    /** null for private, loopback and unknown addresses */
    lookup(ip: string): CountryLookup | null;
  };
  export default geoip;
}
