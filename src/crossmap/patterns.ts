/**
 * Sensitive spans that have a shape: e-mail addresses, dates, money amounts, phone numbers, ID-like numbers
 * and ages. Each finder returns spans in text order; `detectSpans` (./detect.ts) merges them with the
 * lexicon finders, earlier finders first when two overlap.
 *
 * ```ts
 * patternSpans('Call me on +44 7700 900123 about the £850 rent.');
 * // [{ kind: 'phone', text: '+44 7700 900123' }, { kind: 'money', text: '£850' }]
 * ```
 */
import type { Span, SpanKind } from './types';

const MONTH = '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const DAY = '\\d{1,2}(?:st|nd|rd|th)?';
const CURRENCY_CODES = 'USD|EUR|GBP|INR|JPY|CNY|NGN|BRL|MXN|PHP|CAD|AUD|NZD|CHF|ZAR|KES|SGD|HKD|SEK|NOK|DKK|PLN|TRY|AED';
const CURRENCY_WORDS = 'dollars?|bucks|pounds?|quid|euros?|rupees?|naira|pesos?|reais|real|yen|francs?|rand|shillings?|yuan|ringgit|dirhams?';
const AMOUNT = '\\d{1,3}(?:[,.\\s]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?';
const SCALE = '(?:\\s?(?:k|K|m|bn|million|billion|thousand|grand|lakh|crore)\\b)?';
const NAME = "\\p{Lu}[\\p{L}'’-]+";
const STREET =
  '(?:Road|Rd|Street|St|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Close|Court|Ct|Place|Pl|Terrace|Crescent|Parkway|Pkwy|Highway|Hwy|Kingsway|Row|Gardens|Square|Hill|Grove)';
/** ", Columbus, OH 43215", ", Bristol BS6 7BP", ", 1100-053 Lisboa", ", Paris": a town, a state, a postcode. */
const UNIT = '(?:Flat|Apt\\.?|Apartment|Unit|Suite|Ste\\.?|Floor|Room)\\s*\\d+[A-Za-z]?';
const TOWN = `(?:,?\\s+${UNIT})?(?:,?\\s+(?:\\d{4}-\\d{3}\\s+)?${NAME}(?:\\s+${NAME})?(?![\\p{L}\\p{N}]))?(?:,?\\s+[A-Z]{2}\\b)?(?:,?\\s+\\d{5}(?:-\\d{4})?\\b)?(?:,?\\s+[A-Z]{1,2}\\d[A-Z\\d]?\\s?\\d[A-Z]{2}\\b)?`;
/** Ages and counts in words: "eleven", "fifty", "sixty-two". */
const NUMBER_WORD =
  '(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)';
const DAY_NAME = '(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day';
/** The busiest airports' IATA codes and a few rail stations' (public codes): a code alone pins a place only in travel wording. */
export const TRAVEL_CODES =
  'ATL|PEK|PKX|LAX|DXB|HND|NRT|ORD|LHR|LGW|STN|LTN|MAN|EDI|BHX|GLA|DUB|CDG|ORY|AMS|FRA|MUC|IST|SAW|CAN|PVG|SHA|DFW|DEN|JFK|EWR|LGA|SFO|SEA|LAS|MCO|MIA|BOS|IAD|DCA|PHX|IAH|MSP|DTW|PHL|CLT|YYZ|YVR|YUL|YYC|MEX|CUN|GRU|GIG|EZE|BOG|LIM|SCL|SIN|KUL|BKK|DMK|HKG|ICN|GMP|TPE|MNL|CGK|DPS|SYD|MEL|BNE|PER|AKL|DEL|BOM|BLR|MAA|HYD|CCU|DOH|AUH|JED|RUH|CAI|JNB|CPT|NBO|LOS|ABV|ADD|ACC|CMN|MAD|BCN|FCO|MXP|LIN|VCE|ZRH|GVA|VIE|CPH|ARN|OSL|HEL|WAW|KRK|PRG|BUD|ATH|LIS|OPO|BRU|TLV|KIX|ITM|FUK|CTS|KEF|SVO|DME|EUS|KGX|PAD|STP|LST|WAT|VIC|CHX|MYB|GDN|GND|FPK';
/**
 * The country of each airport of `TRAVEL_CODES` (IATA's public codes), so a code's stand-in is another airport of
 * its country ("LIS – VIE" had gone out as "SVO – FUK"); the rail stations' codes are all London's.
 */
export const TRAVEL_COUNTRY: Readonly<Record<string, string>> = Object.fromEntries(
  'ATL:US PEK:CN PKX:CN LAX:US DXB:AE HND:JP NRT:JP ORD:US LHR:GB LGW:GB STN:GB LTN:GB MAN:GB EDI:GB BHX:GB GLA:GB DUB:IE CDG:FR ORY:FR AMS:NL FRA:DE MUC:DE IST:TR SAW:TR CAN:CN PVG:CN SHA:CN DFW:US DEN:US JFK:US EWR:US LGA:US SFO:US SEA:US LAS:US MCO:US MIA:US BOS:US IAD:US DCA:US PHX:US IAH:US MSP:US DTW:US PHL:US CLT:US YYZ:CA YVR:CA YUL:CA YYC:CA MEX:MX CUN:MX GRU:BR GIG:BR EZE:AR BOG:CO LIM:PE SCL:CL SIN:SG KUL:MY BKK:TH DMK:TH HKG:HK ICN:KR GMP:KR TPE:TW MNL:PH CGK:ID DPS:ID SYD:AU MEL:AU BNE:AU PER:AU AKL:NZ DEL:IN BOM:IN BLR:IN MAA:IN HYD:IN CCU:IN DOH:QA AUH:AE JED:SA RUH:SA CAI:EG JNB:ZA CPT:ZA NBO:KE LOS:NG ABV:NG ADD:ET ACC:GH CMN:MA MAD:ES BCN:ES FCO:IT MXP:IT LIN:IT VCE:IT ZRH:CH GVA:CH VIE:AT CPH:DK ARN:SE OSL:NO HEL:FI WAW:PL KRK:PL PRG:CZ BUD:HU ATH:GR LIS:PT OPO:PT BRU:BE TLV:IL KIX:JP ITM:JP FUK:JP CTS:JP KEF:IS SVO:RU DME:RU'
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);
const WEEKDAY = '(?:(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs)?|Fri|Sat(?:ur)?|Sun)(?:day)?\\.?,?\\s+)?';

/** Finders in priority order: a span found by an earlier one wins an overlap. */
// prettier-ignore
const FINDERS: readonly [SpanKind, RegExp, number?][] = [
  ['email', /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g],
  // A social media handle ("@vane_mcia97", "@lesedi.exposed"), after a space or an opening mark: someone's account,
  // redrawn letter for letter as an ID is (the labelled messages mark every one; seven of the development sets had
  // gone as typed). One with a dot, an underscore or a digit: "@Aylin" of a pasted chat is a name, read as names are.
  ['id', /(?<![^\s(["'“«,:;])@(?=[A-Za-z0-9_.]*[A-Za-z])(?=[A-Za-z0-9_.]*[._\d])[A-Za-z0-9_](?:[A-Za-z0-9_.]{0,28}[A-Za-z0-9_])?(?![\w@])/g],
  // IBAN-like and US social security numbers, before phones take their digits.
  ['id', /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,4})?\b/g],
  ['id', /\b\d{3}-\d{2}-\d{4}\b/g],
  ['date', /\b\d{4}-\d{1,2}-\d{1,2}\b/g],
  ['date', /\b\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})\b/g],
  // "24-Nov-2025", "3-mar-24": a day, a month's short name and a year joined by dashes (as forms and HR letters write
  // them; read as an ID, "24-Nov-2025" had gone out as "19-Zdh-9601").
  ['date', new RegExp(`\\b(?:[12]\\d|3[01]|0?[1-9])-${MONTH}-(?:\\d{4}|\\d{2})\\b`, 'gi')],
  ['date', new RegExp(`\\b${WEEKDAY}${DAY}\\s+(?:of\\s+)?${MONTH}\\.?(?:,?\\s+\\d{4})?\\b`, 'g')],
  ['date', new RegExp(`\\b${WEEKDAY}${MONTH}\\.?\\s+${DAY}(?:\\s?[-–]\\s?\\d{1,2})?(?:,?\\s+\\d{4})?\\b(?!\\s*(?:years?|yrs?)\\b)`, 'g')],
  // Day and month without a year ("19/07", "11/14"): one of the two can be a month.
  ['date', /\b(?:[12]\d|3[01]|0?[1-9])\/(?:[12]\d|3[01]|0?[1-9])\b(?![/\d])/g],
  ['date', new RegExp(`\\b${MONTH}\\.?\\s+\\d{4}\\b`, 'g')],
  // Street addresses: "1827 Maple Ridge Dr, Columbus, OH 43215", "Flat 3, 27 Cranbrook Road, Bristol BS6 7BP",
  // "12 Rue de la Roquette, Paris", "Calle de Alcalá 210, Madrid", "Rua Augusta 145, 1100-053 Lisboa".
  ['place', new RegExp(`(?:${UNIT},?\\s*)?\\b\\d{1,5}[A-Za-z]?,?\\s+(?:${NAME}\\s+){0,3}${STREET}\\.?${TOWN}`, 'gu')],
  ['place', new RegExp(`(?:${UNIT},?\\s*)?(?:\\b\\d{1,5},?\\s+)?\\b(?:Rue|Calle|Rua|Avenida|Av\\.|Via|Viale|Plaza|Praça|Piazza|Strasse|Straße|Jalan|Jl\\.|Carrer|Calea|Ulica|ul\\.)\\s+(?:(?:de|da|do|del|della|la|le|des|dos|das)\\s+)*${NAME}(?:\\s+${NAME})*(?:\\s+\\d{1,5})?${TOWN}`, 'gu')],
  ['money', new RegExp(`(?:[A-Z]{1,3}\\$|KSh|Ksh|Rs\\.?|[$£€¥₹₦₱])\\s?(?:${AMOUNT})${SCALE}`, 'g')],
  ['money', new RegExp(`\\b(?:${CURRENCY_CODES})\\s?(?:${AMOUNT})${SCALE}`, 'g')],
  ['money', new RegExp(`\\b(?:${AMOUNT})${SCALE}\\s?(?:${CURRENCY_CODES}|${CURRENCY_WORDS})\\b`, 'gi')],
  // An ID after the word that names it: "account MCM 8830021945", "my UTR is 84729 10365", "SSN ends in 4417".
  ['id', /\b(?:account|acct|number|no\.|ref(?:erence)?|policy|case|ssn|utr|receipt|member|customer|claim|order|ticket|invoice|ends in|a-number|inmate|booking|pnr)(?:\s+(?:number|no\.?|is|in))?\s*[#:]?\s*(?<span>(?:[A-Z]{1,4}[\s-]?)?\d[\d -]{2,}\d)\b/gi],
  // Card and account fragments: "ending 9032", "ends in 4417", "last four 4417", "last 4 digits are 0321".
  ['id', /\b(?:ending(?:\s+in)?|ends\s+(?:in|with)|last\s+(?:four|4|five|5|digits)(?:\s+digits)?(?:\s+(?:are|is|of\s+(?:my|the)\s+\w+))?)\s*[:#]?\s*(?<fragment>\d{3,6})\b/gi],
  // Booking references and flight numbers: "booking ref is QX7PL2", "on JL712".
  ['id', /\b(?:booking|reservation|confirmation|pnr)(?:\s+(?:ref(?:erence)?|number|no\.?|code))?(?:\s+is)?\s*[:#]?\s*(?<fragment>(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{5,8})\b/g],
  ['id', /\b(?:flight|on|flying)\s+(?<fragment>[A-Z]{2}\s?\d{2,4})\b/g],
  // Phones: an international prefix or a leading 0 or a bracketed area code, 8 to 15 digits in groups.
  ['phone', /(?:\+\d{1,3}[\s.-]?(?:\(0\)\s?|\(\d{1,4}\)\s?)?|\(\d{2,5}\)\s?|\b0)\d{1,5}(?:[\s.-]?\d{2,5}){1,4}\b/g],
  ['phone', /\b\d{3}[\s.-]\d{3}[\s.-]\d{4}\b/g],
  // ID-like: a token of 6+ letters, digits or dashes with at least 4 digits (policy, case, account numbers).
  ['id', /\b(?=[A-Za-z0-9-]*\d{2}[A-Za-z0-9-]*\d{2})(?=[A-Za-z0-9-]*[0-9]{4}|[A-Za-z0-9-]*\d[A-Za-z0-9-]*\d[A-Za-z0-9-]*\d[A-Za-z0-9-]*\d)[A-Za-z0-9][A-Za-z0-9-]{4,}[A-Za-z0-9]\b/g],
  // Ages. "a 6-year-old", "42 years old", "3 months old", "eleven-year-old": the whole phrase.
  ['age', new RegExp(`\\b(?:\\d{1,3}|${NUMBER_WORD})[- ]?(?:years?|yrs?|yr|months?|weeks?)[- ]?olds?\\b`, 'gi')],
  ['age', /\b\d{1,3}(?=\s?(?:yo|y\/o|y\.o\.)(?![\p{L}]))/gu],
  // "aged 42", "age 42", "turning fifty", "turns 5".
  ['age', new RegExp(`(?<=\\b(?:aged?|turning|turned|turns?)\\s)(?:\\d{1,3}|${NUMBER_WORD})\\b(?![:.,/]\\d)`, 'gi')],
  // "I'm 54", "she's only 11 now", "Leo is 6", "they are 72 and 75", "for someone who's 61". Not a duration
  // ("I'm 3 years into my PhD", "the lease is 2 years") or a count ("there are 12", "it's 40 of them").
  ['age', /(?<!\b(?:there|it|that|this|which|what|total|score|number|count|price|cost|rate|size|dose|limit)\s(?:is|was|are|were)\s(?:(?:only|just|now|almost|nearly|about|barely|already|still)\s)?)(?<=\b(?:i['’]?m|i am|he['’]s|she['’]s|he is|she is|they['’]re|who['’]s|who is|who was|you['’]re|you are|we['’]re|is|was|are|were)\s(?:(?:only|just|now|almost|nearly|about|barely|already|still|turning)\s)?)\d{1,3}\b(?!\s*(?:%|percent|years?\b(?!\s*old)|yrs?\b(?!\s*old)|decades?|weeks?|days?|months?|hours?|minutes?|mins?|seconds?|mg|mcg|ml|kg|g|lbs?|stone|cm|km|miles?|times|am|pm|x|[:.,/]\d|[-–]\d|(?:am|pm)\b|o['’]clock|dollars|pounds|euros|\p{Sc}|of\b|people|persons|kids|children|students|employees|staff|members|items|pages|words|points|steps|cases|patients|clients|customers|emails|messages|questions|orders|units|rooms|floors))/giu],
  ['age', new RegExp(`(?<=\\b(?:i['’]?m|i am|he['’]s|she['’]s|he is|she is|they['’]re|they are|who['’]s|who is|you['’]re|you are)\\s(?:(?:only|just|now|almost|nearly|barely|already|still)\\s)?)${NUMBER_WORD}\\b(?=\\s*(?:[.,;!?)]|$|and\\b|now\\b|but\\b|so\\b|years?\\s+old\\b|too\\b))`, 'gi')],
  ['age', /(?<=\b(?:are|were|they['’]re)\s\d{1,3}\s(?:and|&)\s)\d{1,3}\b/gi],
  // "my son Tyler (17)", "my son (13)".
  ['age', /(?<=\p{L}\s\()\d{1,2}(?=\))/gu],
  // "Tom, 67, had", "a type 2 diabetic, 58, and", "Dylan, 19, who's", "Afghanistan, 44 now".
  ['age', /(?<=\p{L},\s)\d{1,2}(?=,\s\p{L}|\s+now\b)/gu],
  // "at 36?", "diagnosed at 23 and".
  ['age', /(?<=\bat\s)(?:1[3-9]|[2-9]\d)(?=\s*[?!;]|[.,](?!\d)|\s+(?:and|but|or|with|years|now|because|so)\b)/g],
  // "in my 30s", "in her early forties", "in their late 60s".
  ['age', /(?<=\b(?:in|into|hit|hitting|to)\s(?:my|his|her|their|our|your)\s)(?:(?:early|mid|late)[- ]?)?(?:\d0['’]?s|teens|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b/gi],
  // "mid-thirties", "late 60s", "early twenties" with no "in my": an age unless it is an era or a temperature
  // ("the late 60s", "in the mid-thirties", "late 60s °F", "highs in the early 70s").
  ['age', /(?<!\b(?:the|in|by|since|until|from|highs?|lows?|temps?|temperatures?|prices?|rates?)\s)\b(?:early|mid|late)[- ]?(?:\d0['’]?s|teens|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b(?!\s*(?:°|degrees|deg\b|[FC]\b|fahrenheit|celsius|music|era|decade|century))/gi],
  // "a 40-something", "forty-something mum", "she's thirtysomething": a decade, not a count ("40-something emails").
  ['age', new RegExp(`(?<=\\b(?:a|an|i['’]?m|i am|he['’]s|she['’]s|he is|she is|we['’]re|they['’]re|who['’]s|is|are|was|were)\\s)(?:\\d0|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ]?something\\b(?!\\s+(?!(?:woman|women|man|men|guy|guys|mum|mom|dad|mother|father|parent|person|couple|female|male|friend|professional|year-old|single|newbie|beginner)\\b)\\p{L}+s\\b)`, 'giu')],
  // Birthdays: "Beth's 30th", "a 50th party", "her eightieth birthday".
  ['age', /\b(?:\d{2}(?:st|nd|rd|th)|eighteenth|twenty-first|twenty first|thirtieth|fortieth|fiftieth|sixtieth|seventieth|eightieth|ninetieth|hundredth)(?=\s+(?:birthday|bday|party|celebration|surprise))/gi],
  ['age', /(?<=['’]s\s)\d{2}(?:st|nd|rd|th)\b(?!\s+(?:of|floor|century|street|st|avenue)\b)/gi],
  // Dates by weekday and ordinal, bare years and months (after the dates with a month and day above):
  // "next Tuesday", "on Sunday", "Friday the 12th", "on the 14th", "since 2021", "in April".
  ['date', new RegExp(`(?<!\\b(?:a|an|every|each|the|on a)\\s)\\b(?:(?:next|this|last|coming)\\s+)?${DAY_NAME}(?!s\\b)(?:\\s+the\\s+(?:[12]?\\d|3[01])(?:st|nd|rd|th))?\\b`, 'gi')],
  ['date', /(?<=\b(?:the)\s)(?:[12]?\d|3[01])(?:st|nd|rd|th)\b(?!\s+(?:time|times|floor|century|grade|birthday|anniversary|place|round|attempt|percentile|year|week|day|month|person|one|child|kid|baby|pregnancy|cycle|session|dose|trimester|draft|edition|generation|amendment|row|step|stage|level|in line|of (?:my|his|her|our|their|these|those|the|them|us|you)))/gi],
  ['date', /(?<=\b(?:in|since|from|until|till|by|during|before|after|around|circa|of|year|summer|winter|spring|autumn|fall|early|late|mid|back in)[\s-])(?:19[3-9]\d|20[0-4]\d)\b(?![-–/]\d)/gi],
  ['date', new RegExp(`(?<=\\b(?:in|by|since|until|till|from|during|this|next|last|early|late|mid|before|after|around|of|for|end of|start of)[\\s-])(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\\b(?!\\s+\\d)`, 'g')],
  // Travel codes: "LHR to JFK", "SIN → NRT", "from STN".
  ['place', /\b[A-Z]{3}(?=\s*(?:to|->|→|–|—|-|>)\s*[A-Z]{3}\b)/g],
  ['place', /(?<=\b[A-Z]{3}\s*(?:to|->|→|–|—|-|>)\s*)[A-Z]{3}\b/g],
  ['place', new RegExp(`(?<=\\b(?:from|to|into|via|out of|at|flying|fly|land(?:ing|ed|s)?(?: in| at)?)\\s)(?:${TRAVEL_CODES})\\b`, 'g')],
  // Postcodes on their own: "OX4 1HP", "Kuala Lumpur 50450".
  ['place', /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/g],
  ['place', /(?<=\p{Lu}\p{Ll}+\s)\d{5}\b(?![\s.,-]?\d)/gu],
];

/** A phone needs 8 to 15 digits; fewer is an amount or a year. */
function plausible(kind: SpanKind, text: string): boolean {
  if (kind === 'phone') {
    const digits = text.replace(/\D/g, '').length;
    return digits >= 8 && digits <= 15;
  }
  if (kind === 'age' && /^\d+$/.test(text)) return Number(text) <= 120;
  if (kind === 'id') return !/^\d{4}$/.test(text) && !/^(?:19|20)\d{2}-(?:19|20)?\d{2}$/.test(text);
  return true;
}

/** Add `span` unless it overlaps one already taken. */
export function addSpan(spans: Span[], span: Span): boolean {
  if (span.end <= span.start || spans.some((s) => s.start < span.end && span.start < s.end)) return false;
  spans.push(span);
  return true;
}

export function patternSpans(text: string, taken: Span[] = []): Span[] {
  const spans = [...taken];
  for (const [kind, pattern] of FINDERS) {
    const indexed = new RegExp(pattern.source, `${pattern.flags}d`);
    for (const m of text.matchAll(indexed)) {
      const fragment = m.indices!.groups?.fragment;
      const [from, to] = fragment ?? m.indices!.groups?.span ?? m.indices![0]!;
      const raw = text.slice(from, to);
      const found = raw.trim();
      const start = from + raw.indexOf(found);
      if (fragment || plausible(kind, found)) addSpan(spans, { start, end: start + found.length, text: found, kind });
    }
  }
  return spans.filter((s) => !taken.includes(s)).sort((a, b) => a.start - b.start);
}
