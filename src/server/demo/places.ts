/** Word lists and metros of the demo portfolio. Zip codes are real ones of each metro. */

export interface Metro {
  code: string;
  city: string;
  state: string;
  /** Multiplier on national rents by bedrooms. */
  rentIndex: number;
  /** Long-run share of communities running a concession (Sun Belt higher). */
  concessionShare: number;
  /** Subject communities the organization manages there. */
  subjects: number;
  /** Asking rents' trend, a share a year (negative: a market where new supply pushes rents down). */
  rentGrowth: number;
  /** Half the summer-to-winter swing of asking rents, a share (DOMAIN.md: a few percent peak to trough). */
  seasonality: number;
  /** Vacancy's trend, percentage points a year. */
  vacancyTrend: number;
  /** Concessions spread over the market for a while (weeks counted back from the latest survey). */
  concessionWave?: { fromWeeksAgo: number; toWeeksAgo: number; share: number };
  /** Every asking rent of the market steps once by `change` (a share) at that week. */
  levelShift?: { weeksAgo: number; change: number };
  zips: readonly string[];
  /** Local names that make community names sound like the place. */
  places: readonly string[];
}

export const METROS: readonly Metro[] = [
  {
    code: 'ATX',
    city: 'Austin',
    state: 'TX',
    rentIndex: 1.03,
    concessionShare: 0.28,
    subjects: 6,
    rentGrowth: -0.005,
    seasonality: 0.025,
    vacancyTrend: 0.6,
    zips: ['78701', '78702', '78703', '78704', '78705', '78721', '78722', '78723', '78741', '78745', '78746', '78748', '78749', '78750', '78751', '78752', '78753', '78757', '78758', '78759'],
    places: ['Barton Creek', 'Zilker', 'Mueller', 'Shoal Creek', 'Lady Bird Lake', 'Onion Creek', 'Bouldin', 'Travis Heights', 'Mopac', 'Brodie Lane'],
  },
  {
    code: 'DFW',
    city: 'Dallas',
    state: 'TX',
    rentIndex: 1.0,
    concessionShare: 0.26,
    subjects: 6,
    rentGrowth: 0.045,
    seasonality: 0.02,
    vacancyTrend: 0,
    zips: ['75201', '75204', '75205', '75206', '75214', '75219', '75225', '75226', '75230', '75231', '75235', '75240', '75243', '75248', '75252', '75254'],
    places: ['Turtle Creek', 'White Rock', 'Lakewood', 'Knox Park', 'Preston Hollow', 'Deep Ellum', 'Katy Trail', 'Bishop Arts', 'Prestonwood', 'Cedar Springs'],
  },
  {
    code: 'PHX',
    city: 'Phoenix',
    state: 'AZ',
    rentIndex: 0.93,
    concessionShare: 0.3,
    subjects: 5,
    rentGrowth: 0.035,
    seasonality: 0.02,
    vacancyTrend: 0.2,
    // A lease-up wave: most comps ran specials for half a year, then went back to usual.
    concessionWave: { fromWeeksAgo: 52, toWeeksAgo: 26, share: 0.7 },
    zips: ['85003', '85004', '85006', '85008', '85012', '85013', '85014', '85016', '85018', '85020', '85021', '85022', '85028', '85032', '85044', '85048', '85050', '85054'],
    places: ['Camelback', 'Arcadia', 'Desert Ridge', 'Papago', 'Biltmore', 'South Mountain', 'Piestewa Peak', 'Ahwatukee', 'Roosevelt Row', 'Encanto'],
  },
  {
    code: 'ATL',
    city: 'Atlanta',
    state: 'GA',
    rentIndex: 0.98,
    concessionShare: 0.26,
    subjects: 4,
    rentGrowth: 0.05,
    seasonality: 0.02,
    vacancyTrend: -0.3,
    zips: ['30303', '30305', '30306', '30307', '30308', '30309', '30312', '30313', '30318', '30319', '30324', '30326', '30327', '30328', '30339', '30342'],
    places: ['Peachtree', 'Buckhead', 'Piedmont Park', 'Inman Park', 'Virginia-Highland', 'Westside', 'Lenox', 'Chastain', 'Ansley', 'Brookhaven'],
  },
  {
    code: 'DEN',
    city: 'Denver',
    state: 'CO',
    rentIndex: 1.07,
    concessionShare: 0.18,
    subjects: 4,
    rentGrowth: 0.07,
    seasonality: 0.03,
    vacancyTrend: 0,
    // New supply delivered at once: the whole market repriced in one week.
    levelShift: { weeksAgo: 36, change: -0.05 },
    zips: ['80202', '80203', '80204', '80205', '80206', '80209', '80210', '80211', '80218', '80220', '80224', '80230', '80231', '80237', '80238', '80246'],
    places: ['Cherry Creek', 'Highlands', 'Washington Park', 'Sloan Lake', 'City Park', 'LoDo', 'Platte River', 'Lowry', 'Cheesman', 'Union Station'],
  },
];

/** Places that fit any metro. */
export const GENERIC_PLACES = [
  'Oak Ridge', 'Cedar Hill', 'Willow Bend', 'Stone Creek', 'Aspen Grove', 'Maple Court', 'Hidden Lake', 'Silver Oaks',
  'Highland Park', 'Riverstone', 'Fox Run', 'Pecan Grove', 'Sage Hollow', 'Bluebonnet', 'Copper Canyon', 'Magnolia Park',
  'Elm Street', 'Heritage Hills', 'Juniper Trail', 'Quail Run', 'Sterling Point', 'Windsor Lake', 'Mesa Verde', 'Park Place',
];

/** "<prefix> <place>" names. */
export const NAME_PREFIXES = [
  'The Preserve at', 'The Residences at', 'The Reserve at', 'The Lofts at', 'The Flats at', 'Villas at', 'The Retreat at',
  'Parkside at', 'The Commons at', 'The Vue at', 'Alta', 'Camden', 'The Standard at', 'Overlook at',
];

/** "<place> <suffix>" names. */
export const NAME_SUFFIXES = [
  'Apartments', 'Commons', 'Flats', 'Lofts', 'Station', 'Crossing', 'Landing', 'Terrace', 'Village', 'Place', 'Square',
  'Residences', 'Townhomes', 'Gardens', 'Point', 'Heights',
];

export const STREETS = [
  'Oak Ridge', 'Cedar', 'Maple', 'Willow', 'Elm', 'Pecan', 'Magnolia', 'Juniper', 'Aspen', 'Sycamore', 'Lakeview', 'Hillcrest',
  'Ridgewood', 'Park', 'Meadow', 'Spring Valley', 'Highland', 'Sunset', 'Riverside', 'Mill Creek', 'Forest', 'Prairie',
  'Canyon', 'Mesa', 'Summit', 'Brookside', 'Stonegate', 'Harbor', 'Walnut', 'Chestnut',
];

export const STREET_TYPES = ['Dr', 'Ln', 'Blvd', 'Pkwy', 'St', 'Ave', 'Rd', 'Way', 'Trl', 'Ct'];

/** A special whose text gives no amount; its listing records a net effective rent instead. */
export const UNSTATED_SPECIAL = 'Ask about our specials!';

/**
 * Rent specials with how often each is chosen. Mostly 4–8 weeks free or a
 * one-time $500–1,000, so net effective rent lands 3–15% under asking; a few
 * written as listings write them (glued units, tiers, a recurring discount),
 * and one that states no amount but comes with a recorded NER.
 */
export const CONCESSIONS: readonly (readonly [string, number])[] = [
  ['6 weeks free', 5],
  ['1 month free', 5],
  ['up to 8 weeks free', 3],
  ['4 weeks free on select units', 3],
  ['one month free on a 13-month lease', 2],
  ['8 weeks free', 2],
  ['6wks free + waived app fee', 2],
  ['1 month free on 12-month leases; 6 weeks free on 15-month leases', 3],
  ['$500 off first month', 3],
  ['$1,000 off move-in', 2],
  ['$750 off move-in', 2],
  ['$300 off first 3 months', 1],
  ['half month free', 1],
  [UNSTATED_SPECIAL, 2],
];

/**
 * What a listing shows when it runs no rent special, some of the time: fees
 * waived and other non-rent items (no change to NER), and a special it does
 * not spell out (not understood, and shown so).
 */
export const OTHER_LISTING_TEXTS: readonly (readonly [string, number])[] = [
  ['Waived application fee', 3],
  ['$0 admin fee', 2],
  ['Free parking for 6 months', 1],
  ['Call for specials', 3],
];

export interface DemoUser {
  first: string;
  last: string;
  role: 'admin' | 'member';
  status: 'active' | 'inactive';
}

export const DEMO_EMAIL_DOMAIN = 'demo-residential.example';

/** Invited when the demo is made, not a user yet: `local invitations accept` can be tried on her. */
export const DEMO_INVITEE = { email: `nina.shah@${DEMO_EMAIL_DOMAIN}`, name: 'Nina Shah', role: 'member' } as const;

/** The first is the admin a fresh demo logs in as. */
export const USERS: readonly DemoUser[] = [
  { first: 'Maya', last: 'Chen', role: 'admin', status: 'active' },
  { first: 'Daniel', last: 'Brooks', role: 'admin', status: 'active' },
  { first: 'Priya', last: 'Patel', role: 'member', status: 'active' },
  { first: 'Marcus', last: 'Johnson', role: 'member', status: 'active' },
  { first: 'Sofia', last: 'Ramirez', role: 'member', status: 'active' },
  { first: 'Ethan', last: 'Walker', role: 'member', status: 'active' },
  { first: 'Olivia', last: 'Nguyen', role: 'member', status: 'active' },
  { first: 'James', last: 'Carter', role: 'member', status: 'inactive' },
];
