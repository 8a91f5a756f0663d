/**
 * The simulated sports, with invented but realistic-sounding categories, tournaments and
 * competitors. Sport ids are the industry's (Sportradar's) numeric ids.
 */

export type SimulatedSport =
  | 'soccer'
  | 'tennis'
  | 'basketball'
  | 'cs2'
  | 'dota2'
  | 'lol'
  | 'valorant';

export interface SportCatalogEntry {
  sportId: number;
  kind: 'football' | 'tennis' | 'basketball' | 'esports';
  categories: ReadonlyArray<{ name: string; tournaments: readonly string[] }>;
  /** competitor names; for tennis, player names */
  competitors: readonly string[];
}

const clubTowns = [
  'Aldmoor',
  'Brackenford',
  'Caldera',
  'Dunmere',
  'Eastholm',
  'Farrowgate',
  'Glenhaven',
  'Harlow Bay',
  'Ironbridge',
  'Kestrel Vale',
  'Lindenport',
  'Marrowick',
  'Northcliff',
  'Oakhurst',
  'Pellston',
  'Queensmere',
  'Redwater',
  'Stonebury',
  'Thornfield',
  'Umberton',
  'Valemont',
  'Westmarch',
  'Yarrowby',
  'Zellingen',
];
const playerNames = [
  'A. Varga',
  'B. Lindqvist',
  'C. Moreau',
  'D. Okafor',
  'E. Santoro',
  'F. Halloran',
  'G. Petrov',
  'H. Nakamura',
  'I. Castell',
  'J. Brennan',
  'K. Solberg',
  'L. Duarte',
  'M. Kowal',
  'N. Arslan',
  'O. Whitlock',
  'P. Ferreira',
  'R. Almeida',
  'S. Iversen',
  'T. Novak',
  'V. Marchetti',
];
const teamTags = [
  'Nova Syndicate',
  'Iron Wolves',
  'Blue Comet',
  'Vortex Five',
  'Crimson Tide GG',
  'Night Owls',
  'Polar Esports',
  'Sunforge',
  'Tempest',
  'Obsidian',
  'Golden Lynx',
  'Echo Pulse',
  'Rogue Atlas',
  'Silver Fang',
  'Zenith',
  'Hydra Club',
];

const esportsCategories = (game: string) => [
  { name: 'International', tournaments: [`${game} Masters Series`, `${game} Continental Cup`] },
  { name: 'Europe', tournaments: [`${game} Euro League`] },
  { name: 'Asia', tournaments: [`${game} Pacific Circuit`] },
];

export const sportsCatalog: Readonly<Record<SimulatedSport, SportCatalogEntry>> = {
  soccer: {
    sportId: 1,
    kind: 'football',
    categories: [
      { name: 'Northland', tournaments: ['Premier Division', 'First Division'] },
      { name: 'Southern Isles', tournaments: ['Championship'] },
      { name: 'International Clubs', tournaments: ['Continental Cup'] },
    ],
    competitors: clubTowns.map(
      (town, index) => `${town} ${['FC', 'United', 'Athletic', 'Rovers'][index % 4]}`,
    ),
  },
  tennis: {
    sportId: 5,
    kind: 'tennis',
    categories: [
      { name: 'ATP-style Tour', tournaments: ['Harbour Open', 'Grand Plains Masters'] },
      { name: 'Challenger', tournaments: ['Riverside Challenger'] },
    ],
    competitors: playerNames,
  },
  basketball: {
    sportId: 2,
    kind: 'basketball',
    categories: [
      { name: 'Northland', tournaments: ['National Basketball League'] },
      { name: 'International Clubs', tournaments: ['Continental Basketball Cup'] },
    ],
    competitors: clubTowns.map(
      (town, index) => `${town} ${['Hawks', 'Giants', 'Comets', 'Titans'][index % 4]}`,
    ),
  },
  cs2: {
    sportId: 109,
    kind: 'esports',
    categories: esportsCategories('CS2'),
    competitors: teamTags,
  },
  dota2: {
    sportId: 111,
    kind: 'esports',
    categories: esportsCategories('Dota 2'),
    competitors: teamTags,
  },
  lol: {
    sportId: 110,
    kind: 'esports',
    categories: esportsCategories('LoL'),
    competitors: teamTags,
  },
  valorant: {
    sportId: 194,
    kind: 'esports',
    categories: esportsCategories('Valorant'),
    competitors: teamTags,
  },
};

export const allSimulatedSports = Object.keys(sportsCatalog) as SimulatedSport[];
