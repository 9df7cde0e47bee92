/**
 * The public list of themes CROSS-MAP maps into (../shared/papers/cross-map.md: a target domain τ with enough
 * roles to carry the prompt's structure). A theme gives, for each role a sensitive span can have, a pool of
 * substitutes from its own domain: a diagnosis becomes one of the theme's problems, a medicine one of its
 * remedies, an employer one of its places. Written for Veil; public, like everything a mapper decides from.
 *
 * Substitutes are lower case unless they are names; the mapper gives them the case of the span they replace.
 */
import type { SpanKind } from './types';

/** Roles a theme supplies; other kinds (names, places, numbers) are generated (./substitutes.ts). */
export type ThemeRole = 'organisation' | 'health' | 'medication' | 'finance' | 'legal' | 'thing';

export interface Theme {
  readonly id: string;
  /** The theme in words, for "replaced with words about …". */
  readonly about: string;
  readonly pools: Readonly<Record<ThemeRole, readonly string[]>>;
}

// prettier-ignore
export const THEMES: readonly Theme[] = [
  {
    id: 'orchard',
    about: 'an orchard',
    pools: {
      organisation: ['Northfield Orchard', 'the Cider Press Co-op', 'Hillside Nursery', 'the Growers Guild', 'Brambley Farm Shop', 'Old Mill Orchards', 'the Pruning Society', 'Valley Fruit Growers', 'Kestrel Lane Allotments', 'the Graft House'],
      health: ['apple scab', 'fire blight', 'canker', 'powdery mildew', 'root rot', 'leaf curl', 'codling moth', 'brown rot', 'silver leaf', 'bitter pit', 'woolly aphid', 'frost crack'],
      medication: ['copper spray', 'neem oil', 'lime sulphur', 'bone meal', 'pruning sealant', 'mulch', 'sulphur dust', 'seaweed feed', 'potash', 'grease band'],
      finance: ['a poor harvest', 'a late frost', 'a glut', 'a failed graft', 'a hailstorm', 'a drought year', 'a blighted crop', 'a bare season'],
      legal: ['a boundary hedge dispute', 'a right-of-way claim', 'a tree preservation order', 'a water rights quarrel', 'a grazing dispute', 'a fence line claim', 'a tithe quarrel', 'a cider licence hearing'],
      thing: ['the ladder', 'the press', 'the wheelbarrow', 'the seed tray', 'the rootstock', 'the scion', 'the ledger', 'the crate', 'the shears', 'the barrel'],
    },
  },
  {
    id: 'sailing',
    about: 'a sailing club',
    pools: {
      organisation: ['Harbour Sailing Club', 'the Boatyard', 'Westpoint Marina', 'the Chandlery', 'Lighthouse Yacht Club', 'the Rigging Loft', 'Seaward Sail Makers', 'the Harbour Office', 'Gull Rock Moorings', 'the Regatta Committee'],
      health: ['a fouled hull', 'a sprung mast', 'osmosis blisters', 'a cracked keel', 'a leaking seacock', 'sail chafe', 'a jammed winch', 'rusted rigging', 'a bent rudder', 'a flooded bilge', 'a torn mainsail', 'corroded wiring'],
      medication: ['antifouling paint', 'epoxy filler', 'marine grease', 'sail tape', 'teak oil', 'a zinc anode', 'bilge cleaner', 'varnish', 'rigging wire', 'gelcoat'],
      finance: ['a lost regatta', 'an unpaid mooring fee', 'a storm refit', 'a wrecked dinghy', 'a becalmed season', 'a missed charter', 'a salvage bill', 'a sunk tender'],
      legal: ['a salvage claim', 'a mooring dispute', 'a collision inquiry', 'a harbour fine', 'a charter dispute', 'a berth eviction', 'a race protest', 'a registration hearing'],
      thing: ['the tiller', 'the logbook', 'the spinnaker', 'the compass', 'the anchor', 'the tender', 'the chart', 'the buoy', 'the halyard', 'the hatch'],
    },
  },
  {
    id: 'observatory',
    about: 'an observatory',
    pools: {
      organisation: ['Ridgeline Observatory', 'the Star Party Society', 'the Planetarium', 'Clearsky Optics', 'the Dark Sky Trust', 'Meridian Telescope Works', 'the Comet Circle', 'Summit Station', 'the Lens Guild', 'the Ephemeris Office'],
      health: ['lens fogging', 'mirror pinching', 'tracking drift', 'light pollution', 'a misaligned finder', 'coma distortion', 'dew on the optics', 'periodic error', 'a cracked eyepiece', 'flexure', 'backlash', 'field rotation'],
      medication: ['a dew heater', 'collimation', 'a light shroud', 'a Barlow lens', 'a filter wheel', 'mirror cleaning', 'counterweights', 'a focal reducer', 'a polar scope', 'a guide camera'],
      finance: ['a clouded-out year', 'a broken mount', 'a cancelled star party', 'a lost grant', 'a dropped mirror', 'a storm-damaged dome', 'a failed camera', 'a wasted eclipse trip'],
      legal: ['a light trespass complaint', 'a planning objection to the dome', 'a dark-sky zoning appeal', 'a telescope loan dispute', 'a site access claim', 'a noise complaint', 'an image copyright claim', 'a membership hearing'],
      thing: ['the eyepiece', 'the star chart', 'the tripod', 'the dome', 'the logbook', 'the mount', 'the red torch', 'the filter', 'the spectrograph', 'the finder'],
    },
  },
  {
    id: 'bakery',
    about: 'a bakery',
    pools: {
      organisation: ['Corner Crust Bakery', 'the Flour Mill', 'Rise and Shine Bakehouse', 'the Pastry Guild', 'Stoneground Mills', 'the Market Bakers', 'Golden Loaf Co', 'the Sourdough Circle', 'Harvest Oven', 'the Proving Room'],
      health: ['a collapsed sourdough', 'a sluggish starter', 'soggy bottoms', 'over-proofing', 'a burnt crust', 'dense crumb', 'sticky dough', 'a cracked glaze', 'tough pastry', 'a sunken sponge', 'split ganache', 'flat meringue'],
      medication: ['a banneton', 'rye flour', 'a steam tray', 'a proofing box', 'fresh yeast', 'a baking stone', 'vital gluten', 'egg wash', 'diastatic malt', 'a lame'],
      finance: ['a burnt batch', 'a broken oven', 'a slow market day', 'a spoiled flour delivery', 'a cancelled wedding cake', 'a lost stall', 'a failed catering order', 'a flooded storeroom'],
      legal: ['a recipe dispute', 'a hygiene inspection appeal', 'a stall licence hearing', 'a supplier contract dispute', 'a trademark complaint', 'a lease dispute over the oven', 'a noise complaint about the mixer', 'a delivery claim'],
      thing: ['the mixer', 'the rolling pin', 'the dough scraper', 'the cooling rack', 'the recipe book', 'the oven', 'the piping bag', 'the flour bin', 'the tin', 'the timer'],
    },
  },
  {
    id: 'railway',
    about: 'a heritage railway',
    pools: {
      organisation: ['Valley Heritage Railway', 'the Signal Box', 'Eastbank Depot', 'the Locomotive Society', 'Junction Works', 'the Timetable Office', 'Northline Rail Club', 'the Carriage Shed', 'Summit Halt', 'the Permanent Way Gang'],
      health: ['a hot axle box', 'a leaking boiler tube', 'worn flanges', 'a sticking regulator', 'priming', 'a cracked frame', 'a blocked injector', 'flat wheels', 'a seized valve gear', 'a failed brake pipe', 'a dropped plug', 'loose coupling rods'],
      medication: ['a boiler washout', 'axle grease', 'a new firebox', 'a wheel turning', 'fresh ballast', 'a tube plate', 'valve oil', 'brake blocks', 'a water softener', 'a retube'],
      finance: ['a cancelled gala', 'a failed boiler ticket', 'a washout on the line', 'a closed branch', 'a lost heritage grant', 'a derailment repair', 'a coal shortage', 'a storm-damaged bridge'],
      legal: ['a level crossing dispute', 'a track access claim', 'a lineside fence dispute', 'a safety notice appeal', 'a land lease hearing', 'a smoke complaint', 'a ticketing dispute', 'a volunteer agreement dispute'],
      thing: ['the tender', 'the firebox', 'the signal', 'the timetable', 'the whistle', 'the turntable', 'the lamp', 'the coupling', 'the ticket punch', 'the gauge'],
    },
  },
  {
    id: 'theatre',
    about: 'a theatre',
    pools: {
      organisation: ['the Lantern Playhouse', 'Riverside Players', 'the Costume Store', 'Limelight Rep', 'the Box Office', 'Curtain Call Company', 'the Scenery Dock', 'the Rehearsal Rooms', 'Footlights Society', 'the Stage Door'],
      health: ['stage fright', 'a forgotten cue', 'a jammed fly bar', 'a missed entrance', 'a blown fuse', 'a torn backdrop', 'a squeaking trapdoor', 'a lost prop', 'feedback in the sound', 'a collapsed flat', 'a broken spotlight', 'a dropped line'],
      medication: ['a prompt book', 'gaffer tape', 'a dimmer rack', 'a line run', 'a quick-change booth', 'a smoke machine', 'blackout drapes', 'a cue light', 'a stage weight', 'a follow spot'],
      finance: ['a cancelled run', 'a half-empty house', 'a lost sponsor', 'a flooded stage', 'an over-budget set', 'a closed season', 'a rights fee bill', 'a failed tour'],
      legal: ['a script rights dispute', 'a venue licence hearing', 'a noise complaint', 'a casting contract dispute', 'a costume loan claim', 'a ticket refund claim', 'a poster copyright claim', 'a rehearsal room lease dispute'],
      thing: ['the script', 'the spotlight', 'the curtain', 'the props table', 'the costume rail', 'the programme', 'the trapdoor', 'the stage manager desk', 'the wig', 'the backdrop'],
    },
  },
  {
    id: 'beekeeping',
    about: 'beekeeping',
    pools: {
      organisation: ['Meadow Apiary', 'the Beekeepers Association', 'Clover Honey Co', 'the Extraction Room', 'Heather Hill Hives', 'the Queen Breeders Circle', 'the Wax Works', 'Lavender Lane Apiary', 'the Swarm Collectors', 'the Honey Show'],
      health: ['varroa mites', 'chalkbrood', 'a queenless colony', 'nosema', 'wax moth', 'foulbrood', 'a laying worker', 'robbing', 'a swarm', 'deformed wing virus', 'a chilled brood', 'small hive beetle'],
      medication: ['oxalic acid', 'a queen excluder', 'sugar syrup', 'a new queen', 'pollen patties', 'a mouse guard', 'a smoker', 'a brood frame', 'thymol', 'a clearer board'],
      finance: ['a lost colony', 'a wet summer', 'a failed honey flow', 'a stolen hive', 'a poor extraction', 'a wasp year', 'a broken extractor', 'a cancelled honey show'],
      legal: ['a swarm nuisance complaint', 'a hive siting dispute', 'a honey labelling case', 'an apiary lease dispute', 'a sting complaint', 'a pesticide drift claim', 'a queen sale dispute', 'a show entry appeal'],
      thing: ['the hive tool', 'the veil', 'the brood box', 'the super', 'the frame', 'the extractor', 'the smoker', 'the jar', 'the feeder', 'the queen cage'],
    },
  },
  {
    id: 'pottery',
    about: 'a pottery studio',
    pools: {
      organisation: ['Kiln Yard Studio', 'the Clay Collective', 'Glazeworks', 'the Wheel Room', 'Riverbank Ceramics', 'the Potters Guild', 'Slipcast Supplies', 'the Raku Circle', 'Firing Shed Pottery', 'the Craft Fair'],
      health: ['glaze crawling', 'crazing', 'a cracked pot', 'warping', 'a blown kiln element', 'pinholes', 'S-cracks', 'a stuck lid', 'shivering', 'bloating', 'a collapsed pot', 'dunting'],
      medication: ['wax resist', 'a slower firing', 'grog', 'a new kiln element', 'a damp box', 'slip', 'a bisque firing', 'kiln wash', 'a wedging table', 'a banding wheel'],
      finance: ['a lost kiln load', 'a cancelled craft fair', 'a cracked commission', 'a broken wheel', 'a failed glaze batch', 'a flooded studio', 'a returned order', 'a damaged delivery'],
      legal: ['a studio lease dispute', 'a design copying claim', 'a kiln smoke complaint', 'a commission contract dispute', 'a craft fair pitch appeal', 'a shared kiln dispute', 'a breakage claim', 'a workshop licence hearing'],
      thing: ['the wheel', 'the kiln', 'the glaze bucket', 'the trimming tool', 'the sponge', 'the bat', 'the sketchbook', 'the shelf', 'the clay bag', 'the rib'],
    },
  },
];

/** The theme role a span kind draws from, if a theme supplies it. */
export function themeRole(kind: SpanKind): ThemeRole | undefined {
  switch (kind) {
    case 'organisation':
    case 'health':
    case 'medication':
    case 'finance':
    case 'legal':
      return kind;
    // The other special categories borrow the nearest role (themed mapping only; protection generalizes them).
    case 'mental-health':
    case 'pregnancy':
    case 'substance':
    case 'gender-identity':
      return 'health';
    case 'criminal':
    case 'immigration':
      return 'legal';
    case 'employment':
      return 'finance';
    case 'proper':
      return 'organisation';
    case 'custom':
    case 'profile':
      return 'thing';
    default:
      return undefined;
  }
}

/** "an orchard" for the theme `orchard`; the id itself for one not in the list. */
export function themeAbout(id: string): string {
  return THEMES.find((t) => t.id === id)?.about ?? id;
}
