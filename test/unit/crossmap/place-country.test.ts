/**
 * A place keeps its country (DESIGN.md "Substitutes keep what the answer depends on"; issue 31: towns moved
 * abroad, so a school, benefit or visa question got another country's answer). The tagger's spans are given
 * here, so these tests pin what protection does with a place, not what the model reads.
 */
import { describe, expect, it } from 'vitest';
import { newCodebook, protectMessage } from '../../../src/crossmap';
import { knownPart, messageCue, placeCountry, regionOf, townIn, townsNamed } from '../../../src/crossmap/place-country';
import { substitutePools } from '../../../src/crossmap/pools';
import type { Tagging } from '../../../src/crossmap/tagging';
import { plainWords } from '../../../src/crossmap/tagger/tagger';
import { seededRandomSource } from '../../../src/dp/exact/random';
import { taggerRead } from './tagging';

const pools = substitutePools();
/** `country` when `name` is a city or town of it (a stand-in may be a town of the same region), else the country the data reads it in. */
const cityCountry = (name: string, country: string) => {
  const kind = pools.placeKind?.(name);
  if ((kind && 'country' in kind && kind.country === country) || townIn(name, country)) return country;
  return kind && 'country' in kind ? kind.country : townsNamed(name)[0];
};

/** A tagging that reads `places` as personal places of a message in `code`. */
const tagging = (text: string, code: string, places: readonly string[]): Tagging =>
  taggerRead(
    text,
    code,
    places.map((p) => [p, 'place'] as const),
    1,
  );

function sent(text: string, code: string, places: readonly string[], seed: number) {
  const random = seededRandomSource(seed);
  return protectMessage(text, { codebook: newCodebook(random), random, tagging: tagging(text, code, places) });
}

describe('which country a place is in', () => {
  it('knows towns the city list does not, with every country a name is in', () => {
    expect(pools.placeKind?.('Kidderminster')).toBeUndefined();
    expect(townsNamed('Kidderminster')).toEqual(['GB']);
    expect(townsNamed('Latina')).toEqual(expect.arrayContaining(['ES', 'IT']));
    expect(townsNamed('Nowhere-on-the-Marsh')).toEqual([]);
  });

  it('a shared name is in the country the message points to, else where its language is spoken', () => {
    expect(placeCountry('Latina', pools, { language: 'it' })).toBe('IT');
    expect(placeCountry('Latina', pools, { language: 'es' })).toBe('ES');
    expect(placeCountry('Lancaster', pools, { language: 'en', cue: 'GB' })).toBe('GB');
    expect(placeCountry('Viseu', pools, { language: 'pt' })).toBeDefined();
    expect(placeCountry('Viseu', pools, { language: 'pt', cue: 'PT' })).toBe('PT');
    // One of the world's largest cities over a small town of its name where the language is spoken.
    expect(placeCountry('Paris', pools, { language: 'en' })).toBe('FR');
    expect(placeCountry('Rome', pools, { language: 'en' })).toBe('IT');
    expect(placeCountry('Paris', pools, { language: 'en', cue: 'US' })).toBe('US');
    expect(messageCue('my sister lives in Paris', [{ start: 19, end: 24, text: 'Paris', kind: 'place' }], pools, 'en')).toBe('FR');
    // A town of the spoken language's countries larger than a small town is meant ("San Pedro" in Spanish).
    expect(placeCountry('San Pedro', pools, { language: 'es' })).not.toBe('PH');
  });

  it('a place is looked up whichever apostrophe is typed', () => {
    for (const name of ["Côte d'Ivoire", 'Côte d’Ivoire']) expect(placeCountry(name, pools, { language: 'fr' }), name).toBe('CI');
    for (const name of ["L'Aquila", 'L’Aquila']) expect(townsNamed(name), name).toEqual(['IT']);
  });

  it('the message points to a country by its currency, a national body or an unambiguous place', () => {
    expect(messageCue('Mi renta es de 3,000 MXN', [], pools, 'es')).toBe('MX');
    expect(messageCue('O INSS negou meu benefício', [], pools, 'pt')).toBe('BR');
    expect(messageCue('Das Jobcenter zahlt nicht', [], pools, 'de')).toBe('DE');
    expect(messageCue('I got a letter from the council', [], pools, 'en')).toBeUndefined();
    // The UK's and the US's immigration offices; "Home Office" only in English (in German it is working from home).
    expect(messageCue('From: EU Settlement Scheme. I live in Harrow', [], pools, 'en')).toBe('GB');
    expect(messageCue('Yours sincerely, Home Office', [], pools, 'en')).toBe('GB');
    expect(messageCue('Ich arbeite im Home Office', [], pools, 'de')).toBeUndefined();
    expect(messageCue('USCIS say the EAD is auto extend', [], pools, 'en')).toBe('US');
    expect(messageCue('Health Service Executive, Nursing Homes Support Scheme', [], pools, 'en')).toBe('IE');
    // The Maghreb's currencies after an amount: a French message from there, not from France.
    expect(messageCue('mon pere peut etre mon garant avec 120 000 DA par mois ?', [], pools, 'fr')).toBe('DZ');
    expect(messageCue('je paie 3500 dh de loyer', [], pools, 'fr')).toBe('MA');
    expect(messageCue('un salaire de 1200 DT', [], pools, 'fr')).toBe('TN');
    expect(messageCue('je vais da Marco', [], pools, 'it')).toBeUndefined();
    // Euros in Portuguese, Spanish or Italian: the one euro country of the language, over a town of a country
    // without the euro, never over a town of another euro country.
    const custodia = 'vive em Sobral da Adiça com a Custódia, a casa vale 95 mil euros';
    expect(
      messageCue(custodia, [{ start: custodia.indexOf('Custódia'), end: custodia.indexOf('Custódia') + 8, text: 'Custódia', kind: 'place' }], pools, 'pt'),
    ).toBe('PT');
    const stoccarda = 'vivo a Stoccarda, lavoro a Feuerbach, affitto 1.120 € warm';
    expect(messageCue(stoccarda, [{ start: 7, end: 16, text: 'Stoccarda', kind: 'place' }], pools, 'it')).toBe('DE');
    expect(messageCue('Moro em Campinas', [], pools, 'pt')).not.toBe('PT');
  });

  it("Austria's and Switzerland's bodies point there before words they share with Germany; a language's ordinary word is no region", () => {
    expect(messageCue('Die Krankenkasse zahlt nicht, ich lag im LKH Feldkirch', [], pools, 'de')).toBe('AT');
    expect(messageCue('Grüezi, darf ich den Kanton wechseln? Meine Krankenkasse sagt nein', [], pools, 'de')).toBe('CH');
    expect(messageCue('Die Krankenkasse zahlt nicht', [], pools, 'de')).toBe('DE');
    // "Mon loyer": French "my", not Myanmar's Mon State (read so before, it moved a Belgian town to Myanmar).
    const text = 'Mon loyer est de 890 € par mois. Il peut faire ça ?';
    expect(messageCue(text, [], pools, 'fr', [], plainWords(text, 'fr'))).toBeUndefined();
  });

  it('knows the smaller towns of countries that share a language with a larger neighbour, and each name of a town named in two languages', () => {
    for (const [town, country] of [
      ['Kufstein', 'AT'],
      ['Rankweil', 'AT'],
      ['Ottignies', 'BE'],
      ['Biel', 'CH'],
      ['Bienne', 'CH'],
    ] as const) {
      expect(townsNamed(town), town).toContain(country);
      expect(placeCountry(town, pools, { language: country === 'BE' ? 'fr' : 'de' }), town).toBe(country);
    }
    for (let seed = 1; seed <= 10; seed++) {
      const p = sent('wir wohnen in kufstein, soll ich ins Krankenhaus fahren?', 'de', ['kufstein'], seed);
      const stand = p.marks.find((m) => m.text === 'kufstein')!.substitute;
      expect(cityCountry(stand, 'AT'), stand).toBe('AT');
    }
  });

  it("a country named in English, or by its ISO code in capitals where the tagger read a place, is the message's country", () => {
    expect(messageCue('I moved to Austria last year and live in Leoben now', [], pools, 'en')).toBe('AT');
    const nz = 'my employer in Cromwell will sponsor me, do I need to leave NZ while it is processed?';
    const at = (part: string) => ({ start: nz.indexOf(part), end: nz.indexOf(part) + part.length, text: part, kind: 'place' as const });
    expect(messageCue(nz, [at('Cromwell'), at('NZ')], pools, 'en')).toBe('NZ');
    // In capitals elsewhere, a code is no country: "my GP", "HR said", "IT support".
    expect(messageCue('my GP in Cromwell and HR at work said to ask IT', [at('Cromwell')], pools, 'en')).toBeUndefined();
    // "CA" is California, as before.
    expect(pools.placeKind?.('CA')?.type).toBe('state');
    for (let seed = 1; seed <= 10; seed++) {
      const p = sent(nz, 'en', ['Cromwell', 'NZ'], seed);
      expect(p.marks.find((m) => m.text === 'NZ')!.treatment).toBe('keep');
      expect(cityCountry(p.marks.find((m) => m.text === 'Cromwell')!.substitute, 'NZ')).toBe('NZ');
    }
  });
});

describe('a place the data knows inside a longer span', () => {
  it("an address's town, after its comma or postcode, or a name read with lower-case words after it", () => {
    expect(knownPart('Grazer Straße 41/7, 8020 Graz', pools)).toBe('Graz');
    expect(knownPart('6500 Bellinzona', pools)).toBe('Bellinzona');
    expect(knownPart('Douala vendredi', pools)).toBe('Douala');
  });

  it('a city joined to its district is the city, in its country over the message’s other country', () => {
    expect(knownPart('Graz-Liebenau', pools)).toBe('Graz');
    expect(knownPart('Berlin-Neukölln', pools)).toBe('Berlin');
    expect(knownPart('Saint-Gilles', pools)).toBeUndefined();
    for (let seed = 1; seed <= 10; seed++) {
      const p = sent('Meine Ex wohnt in Maribor, ich in Graz-Liebenau.', 'de', ['Maribor', 'Graz-Liebenau'], seed);
      expect(cityCountry(p.marks.find((m) => m.text === 'Graz-Liebenau')!.substitute!, 'AT'), p.text).toBe('AT');
    }
  });

  it('a route between two cities read as one place is two places, each a city of its own country', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const p = sent('cuanto cuesta mas o menos un vuelo Lima-Caracas?', 'es', ['Lima-Caracas'], seed);
      const [from, to] = [p.marks.find((m) => m.text === 'Lima')!, p.marks.find((m) => m.text === 'Caracas')!];
      expect(cityCountry(from.substitute!, 'PE'), p.text).toBe('PE');
      expect(cityCountry(to.substitute!, 'VE'), p.text).toBe('VE');
      expect(p.text).toContain(`${from.substitute}-${to.substitute}?`);
    }
    // Two cities of two regions of one country are a route too, each a town of its own region.
    const p = sent('I take the Rome-Milan train every week for work', 'en', ['Rome-Milan'], 1);
    expect(p.marks.map((m) => m.text)).toEqual(['Rome', 'Milan']);
    expect(p.marks.map((m) => townIn(m.substitute!, 'IT')?.region)).toEqual(['IT.07', 'IT.09']);
    // A town whose name has a dash, and a city with its district, stay one place.
    for (const town of ['Garmisch-Partenkirchen', 'Berlin-Neukölln'])
      expect(sent(`wohne in ${town}`, 'de', [town], 1).marks.map((m) => m.text)).toEqual([town]);
  });

  it('a city typed by another of its names keeps its country and region, and never gets the name it is known by', () => {
    expect(townsNamed('Londra')).toEqual(['GB']);
    expect(townIn('Bangalore', 'IN')?.name).toBe('Bengaluru');
    // An ordinary word that is also some city's other name is none ("para": Belém's, in GeoNames).
    expect(townsNamed('para')).toEqual([]);
    for (let seed = 1; seed <= 10; seed++) {
      const london = sent('Ciao, vivo a Londra dal 2018 e lavoro in un ristorante.', 'it', ['Londra'], seed).marks[0]!.substitute!;
      expect(cityCountry(london, 'GB'), london).toBe('GB');
      const bangalore = sent('We live in Bangalore and want to move.', 'en', ['Bangalore'], seed).marks[0]!.substitute!;
      expect(townIn(bangalore, 'IN')?.region, bangalore).toBe(townIn('Bengaluru', 'IN')?.region);
      expect(bangalore).not.toBe('Bengaluru');
      expect(sent('Je vis à Bruxelles depuis 2019.', 'fr', ['Bruxelles'], seed).marks[0]!.substitute).not.toBe('Brussels');
    }
  });

  it('a smaller town of a country of two languages typed by its other name keeps its region; a name two towns share names neither', () => {
    // South Tyrol's and Switzerland's towns by their German or French names.
    for (const [name, town, country] of [
      ['Brixen', 'Bressanone', 'IT'],
      ['Meran', 'Merano', 'IT'],
      ['Coire', 'Chur', 'CH'],
    ] as const) {
      expect(townsNamed(name), name).toEqual([country]);
      for (let seed = 1; seed <= 10; seed++) {
        const sub = sent(`Wir wohnen in ${name} seit 2019.`, 'de', [name], seed).marks[0]!.substitute!;
        expect(townIn(sub, country)?.region, `${name} → ${sub}`).toBe(townIn(town, country)!.region);
      }
    }
    // "Sion" is Jerusalem's name in French and the Valais town's: neither, so never a town of Israel.
    expect(townsNamed('Sion')).toEqual([]);
    // A small namesake abroad does not take a large city's other name away ("Roma": Rome, Georgia, has it too).
    expect(townsNamed('Roma')[0] ?? cityCountry('Roma', 'IT')).toBe('IT');
  });

  it('a district or town written with its city after a comma is in that city’s country, though a town of its name is elsewhere', () => {
    expect(townsNamed('Whitefield')).toEqual(['GB']);
    for (let seed = 1; seed <= 10; seed++) {
      const p = sent('We go to a clinic in Whitefield, Bengaluru every week.', 'en', ['Whitefield', 'Bengaluru'], seed);
      const sub = p.marks.find((m) => m.text === 'Whitefield')!.substitute!;
      expect(cityCountry(sub, 'IN'), sub).toBe('IN');
    }
  });

  it('a place read with the ordinary words after it is the place alone, the words sent as typed', () => {
    for (const [text, code, span, place, rest] of [
      ['The landlord in Sarnia served us an eviction notice.', 'en', 'Sarnia served us', 'Sarnia', ' served us an eviction'],
      ['Ich habe eine Stelle in Luzern gefunden, ab Mai.', 'de', 'Luzern gefunden', 'Luzern', ' gefunden, ab Mai'],
    ] as const) {
      const p = sent(text, code, [span], 1);
      expect(p.marks.map((m) => m.text)).toEqual([place]);
      expect(p.text).toContain(rest);
      expect(p.text).not.toContain(place);
    }
    // Not a town the data knows typed in lower case after it: it may be part of the place.
    const text = 'Wir wohnen in Lenzburg aarau, seit drei Jahren.';
    expect(sent(text, 'de', ['Lenzburg aarau'], 1).marks.map((m) => m.text)).toEqual(['Lenzburg aarau']);
  });

  it('never a part of a longer name, which would be another place', () => {
    // "Lima" and "San Juan" are towns, but not these places' towns.
    expect(knownPart('Faria Lima', pools)).toBeUndefined();
    expect(knownPart('San Juan de Lurigancho', pools)).toBeUndefined();
    expect(knownPart('Hall in Tirol', pools)).toBeUndefined();
    expect(knownPart('Leeds', pools)).toBeUndefined();
  });

  it('a country named by its main island is the country, kept as typed, not a town of its name elsewhere', () => {
    expect(pools.placeKind?.('Trinidad')?.type).toBe('country');
    const text = 'my brother got arrested in Chaguanas, wat bail is usual for that in trinidad?';
    for (let seed = 1; seed <= 10; seed++) {
      const p = sent(text, 'en', ['Chaguanas', 'trinidad'], seed);
      expect(p.marks.find((m) => m.text === 'trinidad')!.treatment).toBe('keep');
      expect(cityCountry(p.marks.find((m) => m.text === 'Chaguanas')!.substitute, 'TT')).toBe('TT');
    }
  });

  it('a country by the first part of its name, or as people shorten it, is the country, kept as typed', () => {
    expect(pools.placeKind?.('Bosnien')).toMatchObject({ type: 'country', country: 'BA' });
    expect(pools.placeKind?.('Bosnia')).toMatchObject({ type: 'country', country: 'BA' });
    expect(pools.placeKind?.('Antigua')).toMatchObject({ type: 'country', country: 'AG' });
    expect(pools.placeKind?.('Saudi')).toMatchObject({ type: 'country', country: 'SA' });
    expect(pools.placeKind?.('KSA')).toMatchObject({ type: 'country', country: 'SA' });
    expect(pools.placeKind?.('Kap Verde')).toMatchObject({ type: 'country', country: 'CV' });
    // Not a people named in an island group's name.
    expect(pools.placeKind?.('Turks')).toBeUndefined();
    const text = 'my son wants to go to work in Saudi through an agency in Kampala';
    expect(sent(text, 'en', ['Saudi', 'Kampala'], 3).marks.find((m) => m.text === 'Saudi')!.treatment).toBe('keep');
  });

  it('a region the message names points to its country, and is no foreign city of its name', () => {
    expect(pools.placeKind?.('Ontario')).toMatchObject({ type: 'region', country: 'CA' });
    expect(messageCue('My mom lives alone in Sudbury, Ontario Health never called', [], pools, 'en')).toBe('CA');
    const name = [{ start: 15, end: 30, text: 'Victoria Nguyen', kind: 'person' as const }];
    expect(messageCue('My daughter is Victoria Nguyen', name, pools, 'en')).toBeUndefined();
  });

  it('points the message, and the span itself, to its country', () => {
    const spans = [{ start: 10, end: 39, text: 'Grazer Straße 41/7, 8020 Graz', kind: 'place' as const }];
    expect(messageCue('Ich wohne Grazer Straße 41/7, 8020 Graz', spans, pools, 'de')).toBe('AT');
    expect(placeCountry('Douala vendredi', pools, { language: 'fr' })).toBe('CM');
    // A benefit or office of one country ("Cambridge" beside ODSP had gone out as a London district).
    expect(messageCue('the social worker say we must apply for him ODSP', [], pools, 'en')).toBe('CA');
    expect(messageCue('WINZ says she has to pay the max contribution', [], pools, 'en')).toBe('NZ');
    expect(messageCue('tengo DACA y me pararon en fresno', [], pools, 'es')).toBe('US');
  });
});

describe('a place stand-in stays in its country', () => {
  it('a town the city list does not know gets a town of its own country', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const p = sent('We moved to Kidderminster last year; which schools take mid-year pupils?', 'en', ['Kidderminster'], seed);
      const mark = p.marks.find((m) => m.text === 'Kidderminster')!;
      expect(mark.treatment).toBe('replace');
      expect(cityCountry(mark.substitute, 'GB')).toBe('GB');
    }
  });

  it("a city's name that is also a town of the message's country becomes a town of that country", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const p = sent('Abito a Latina e il permesso di soggiorno mi scade a marzo, cosa faccio?', 'it', ['Latina'], seed);
      expect(cityCountry(p.marks.find((m) => m.text === 'Latina')!.substitute, 'IT')).toBe('IT');
    }
  });

  it('Irish towns are known by the names people type, not only by the Irish ones GeoNames gives ("Luimneach")', () => {
    expect(townsNamed('Galway')).toEqual(['IE']);
    // A name a Pennsylvanian town has too: either country's, Ireland's first (the larger).
    expect(townsNamed('Limerick')).toEqual(['IE', 'US']);
    const text = "Their father moved up to Letterkenny. I'm still in Castletroy in Limerick, near the District Court.";
    for (let seed = 1; seed <= 10; seed++) {
      const p = sent(text, 'en', ['Letterkenny', 'Limerick'], seed);
      for (const name of ['Letterkenny', 'Limerick']) expect(cityCountry(p.marks.find((m) => m.text === name)!.substitute, 'IE')).toBe('IE');
    }
  });

  it('a Swiss town in a German message with francs stays Swiss', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const p = sent('Ich wohne in Winterthur und verdiene 5200 CHF, bekomme ich Prämienverbilligung?', 'de', ['Winterthur'], seed);
      expect(cityCountry(p.marks.find((m) => m.text === 'Winterthur')!.substitute, 'CH')).toBe('CH');
    }
  });

  it('a place nothing locates is generalized, never moved abroad', () => {
    const p = sent('I grew up in Upper Nettlecombe, is that near the coast?', 'en', ['Upper Nettlecombe'], 3);
    const mark = p.marks.find((m) => m.text === 'Upper Nettlecombe')!;
    expect(mark.treatment).toBe('generalize');
    expect(p.text).not.toContain('Nettlecombe');
    expect(p.text).toContain(mark.generalization!);
  });

  it('in a message naming two countries, a town the data does not know is generalized, not moved to either', () => {
    const text = 'Sono di Rosario, Argentina. Il mio bisnonno è nato a Padula nel 1889, posso avere la cittadinanza in Italia?';
    const p = sent(text, 'it', ['Rosario', 'Argentina', 'Padula', 'Italia'], 3);
    const padula = p.marks.find((m) => m.text === 'Padula')!;
    expect(padula.treatment).toBe('generalize');
    expect(p.text).not.toContain('Padula');
    // One country only: the message's.
    for (let seed = 1; seed <= 10; seed++) {
      const one = sent('Il mio bisnonno è nato a Padula nel 1889, posso avere la cittadinanza in Italia?', 'it', ['Padula', 'Italia'], seed);
      expect(cityCountry(one.marks.find((m) => m.text === 'Padula')!.substitute, 'IT')).toBe('IT');
    }
  });

  it('a town typed by the first part of its hyphenated name is that town, where no other town starts so', () => {
    expect(placeCountry('brive', pools, { language: 'fr' })).toBe('FR');
    expect(placeCountry('Oujda', pools, { language: 'fr' })).toBe('MA');
    // Several towns start "Saint-" or "Boulogne-": the part names none. And a part alone does not make a word a
    // town the data knows ("novo" of "emprego novo" stays an ordinary word).
    expect(placeCountry('Boulogne', pools, { language: 'en' })).toBeUndefined();
    expect(townsNamed('novo')).toEqual([]);
    for (let seed = 1; seed <= 10; seed++) {
      const p = sent("j'ai 17 ans et j'habite a brive, je peux aller au planning familial sans mes parents ?", 'fr', ['brive'], seed);
      expect(cityCountry(p.marks.find((m) => m.text === 'brive')!.substitute, 'FR')).toBe('FR');
    }
  });

  it('a French message points to no country by its language alone; a city ending a body’s name points to its country', () => {
    const alone = sent('Je suis à Yopougon. Est-ce que je suis obligé de payer la caution de mon frère ?', 'fr', ['Yopougon'], 3);
    expect(alone.marks.find((m) => m.text === 'Yopougon')!.treatment).toBe('generalize');
    const text = 'Mon cousin a été arrêté hier à Kaloum, il est au commissariat central de Conakry.';
    const spans = [
      { start: text.indexOf('Kaloum'), end: text.indexOf('Kaloum') + 6, text: 'Kaloum', kind: 'place' as const },
      { start: text.indexOf('commissariat'), end: text.length - 1, text: 'commissariat central de Conakry', kind: 'organisation' as const },
    ];
    expect(messageCue(text, spans, pools, 'fr')).toBe('GN');
    expect(placeCountry('Kaloum', pools, { cue: 'GN', language: 'fr' })).toBe('GN');
  });

  it("an address keeps its town's country, with the postcode before the town", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const p = sent('Ich wohne in der Lindenstraße 22, 04318 Leipzig, Miete 780 €.', 'de', ['Lindenstraße 22, 04318 Leipzig'], seed);
      const town = /\d{4,5}\s+(.+)$/.exec(p.marks[0]!.substitute)![1]!;
      expect(cityCountry(town, 'DE')).toBe('DE');
      expect(p.text).toContain(', Miete');
      // The tagger may mark the postcode and town apart from the street: the town is still a town.
      const alone = sent('Ich wohne in der Lindenstraße 22, 04318 Leipzig.', 'de', ['Lindenstraße 22', '04318 Leipzig'], seed);
      expect(cityCountry(alone.marks[1]!.substitute.replace(/^\d+\s+/, ''), 'DE')).toBe('DE');
    }
  });

  it("a town the data does not know takes the region of the message's other towns", () => {
    const text = 'I live near Dayton; how does a legal name change work in Montgomery County?';
    for (let seed = 1; seed <= 20; seed++) {
      const p = sent(text, 'en', ['Dayton', 'Montgomery County'], seed);
      const stand = p.marks.find((m) => m.text === 'Montgomery County')!.substitute;
      expect(townIn(stand, 'US')?.region).toBe('US.OH');
      // Never a town that reads as a state or another place.
      expect(pools.placeKind?.(stand)?.type ?? 'city').toBe('city');
    }
  });

  it("a US state's code is kept as typed, points the message to the US and its towns to that state, over a town abroad it names in passing", () => {
    // "Springs" (a South African town) read inside "Desert Springs Rehab": one place against "Chandler" and "AZ".
    const text = 'got a DUI in maricopa county. applying to be a CNA at Desert Springs Rehab in Chandler. can i get it set aside in AZ';
    const at = (part: string) => ({ start: text.indexOf(part), end: text.indexOf(part) + part.length, text: part, kind: 'place' as const });
    expect(messageCue(text, ['maricopa county', 'Springs', 'Chandler', 'AZ'].map(at), pools, 'en')).toBe('US');
    for (let seed = 1; seed <= 20; seed++) {
      const p = sent(text, 'en', ['maricopa county', 'Springs', 'Chandler', 'AZ'], seed);
      expect(p.marks.find((m) => m.text === 'AZ')!.treatment).toBe('keep');
      expect(townIn(p.marks.find((m) => m.text === 'maricopa county')!.substitute, 'US')?.region).toBe('US.AZ');
    }
    // Alone beside a town the data does not know, the code still names the state.
    for (let seed = 1; seed <= 10; seed++) {
      const p = sent('we rent in Pinewood Flats, AZ is strict on evictions?', 'en', ['Pinewood Flats', 'AZ'], seed);
      expect(townIn(p.marks.find((m) => m.text === 'Pinewood Flats')!.substitute, 'US')?.region).toBe('US.AZ');
    }
  });

  it("a Canadian province's or an Australian state's code is a region of its country: kept, and its towns stay there", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const p = sent('what is he looking at for drink driving in NSW? it happened in Wagga', 'en', ['NSW', 'Wagga'], seed);
      expect(p.marks.find((m) => m.text === 'NSW')!.treatment).toBe('keep');
      expect(cityCountry(p.marks.find((m) => m.text === 'Wagga')!.substitute!, 'AU'), p.text).toBe('AU');
      for (const [place, country] of [
        ['Toowoomba Qld', 'AU'],
        ['Upper Nettlecombe, BC', 'CA'],
      ] as const) {
        const q = sent(`We live in ${place} and my son is 7.`, 'en', [place], seed);
        const mark = q.marks.find((m) => m.text === place)!;
        expect(mark.treatment, q.text).toBe('replace');
        expect(cityCountry(mark.substitute!.replace(/,? (?:BC|Qld)$/, ''), country), q.text).toBe(country);
      }
    }
    // A word after a town that is a state's code only in lower case names no state ("de" is no Delaware).
    expect(placeCountry('Upper Nettlecombe de', pools, { language: 'pt', several: true })).toBeUndefined();
    expect(placeCountry('Smallville TX', pools, { language: 'en', several: true })).toBe('US');
    // Only in capitals, or the longer codes as a word: "On" and "Act" are words.
    for (const word of ['On', 'Act', 'bc']) expect(pools.placeKind?.(word)?.type, word).not.toBe('region');
  });

  it('an address with its postcode after a word, not a comma, keeps its town in its country', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const p = sent('Mon proprio veut m’expulser de mon appart rue Saint-Gilles 47 à 4000 Liège.', 'fr', ['rue Saint-Gilles 47 à 4000 Liège'], seed);
      const town = /\d{4}\s+(.+)$/u.exec(p.marks[0]!.substitute)?.[1];
      expect(town && cityCountry(town, 'BE'), p.marks[0]!.substitute).toBe('BE');
    }
  });

  it('a town of a country with few large cities becomes one of its smaller towns, not a town abroad', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const p = sent('Mi abuela vive aquí en Mayagüez, ¿le cubre Medicare un cuidador?', 'es', ['Mayagüez'], seed);
      expect(townIn(p.marks[0]!.substitute, 'PR')).toBeDefined();
    }
  });

  it('a town typed with its region or country after it, without a comma, is in that country; the region stays as typed', () => {
    for (const [name, country] of [
      ['dayton ohio', 'US'],
      ['Sudbury Ontario', 'CA'],
      ['leeds uk', 'GB'],
      ['San José Costa Rica', 'CR'],
    ] as const)
      expect(placeCountry(name, pools, { language: 'en' }), name).toBe(country);
    // A place of its own whose last words are a region's name stays one place.
    expect(placeCountry('New South Wales', pools, { language: 'en' })).toBe('AU');
    for (let seed = 1; seed <= 20; seed++) {
      const p = sent('my landlord in dayton ohio gave me a 3 day notice to pay or quit', 'en', ['dayton ohio'], seed);
      const sub = p.marks[0]!.substitute;
      expect(sub).toMatch(/ ohio$/);
      expect(townIn(sub.replace(/ ohio$/, ''), 'US')?.region).toBe('US.OH');
    }
  });

  it('a place named as a region is kept as a region is, though a city shares its name', () => {
    for (const [text, code, place] of [
      ['Wie lange dauert der Familiennachzug beim Migrationsamt des Kantons Zürich?', 'de', 'Zürich'],
      ['Ich wohne im Kanton Luzern und arbeite in Zug.', 'de', 'Luzern'],
      ['Abito in provincia di Bergamo da due anni.', 'it', 'Bergamo'],
    ] as const)
      for (let seed = 1; seed <= 5; seed++) {
        const p = sent(text, code, [place], seed);
        expect(p.marks[0]!.treatment, text).toBe('keep');
        expect(p.text).toBe(text);
      }
  });

  it('an island named as one is kept as a region is', () => {
    const text = 'Sou de Assomada, ilha de Santiago, e o meu irmão está em Lisboa.';
    for (let seed = 1; seed <= 5; seed++) {
      const p = sent(text, 'pt', ['Assomada', 'Santiago', 'Lisboa'], seed);
      expect(p.marks[1]!.treatment).toBe('keep');
      // A small town of a country with few large ones is known, and stays in its country.
      expect(townIn(p.marks[0]!.substitute, 'CV'), p.text).toBeDefined();
    }
  });

  it('a town of a country with too few towns for a stand-in is generalized, never moved abroad', () => {
    expect(townsNamed('São Tomé')).toContain('ST');
    for (let seed = 1; seed <= 10; seed++) {
      const p = sent('trabalho no hotel em São Tomé e o gerente não me paga desde setembro, 6500 STN', 'pt', ['São Tomé'], seed);
      expect(p.marks[0]!.treatment).toBe('generalize');
      expect(p.text).not.toContain('São Tomé');
    }
  });

  it('a town named with "City" or joined to a district is that town, and its stand-in a town of its region', () => {
    expect(knownPart('Iloilo City', pools)).toBe('Iloilo');
    expect(knownPart('Luxembourg-Ville', pools)).toBe('Luxembourg');
    expect(knownPart('Wien Favoriten', pools)).toBe('Wien');
    expect(placeCountry('Wien Favoriten', pools, { language: 'de' })).toBe('AT');
    expect(placeCountry('Luxembourg-Ville', pools, { cue: 'FR', language: 'fr' })).toBe('LU');
    for (let seed = 1; seed <= 20; seed++) {
      const p = sent('my father is confined in Iloilo City since Sept 3, I am OFW here in Riyadh', 'en', ['Iloilo City', 'Riyadh'], seed);
      expect(townIn(p.marks[0]!.substitute, 'PH')?.region, p.text).toBe(townIn('Iloilo', 'PH')!.region);
    }
  });

  it('a town named with its region keeps the region as typed and becomes a town of that region', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const p = sent('My mom lives alone in Guelph, Ontario and has had three falls since May.', 'en', ['Guelph, Ontario'], seed);
      const [town, region] = p.marks[0]!.substitute.split(', ');
      expect(region).toBe('Ontario');
      expect(townIn(town!, 'CA')?.region).toBe(townIn('Guelph', 'CA')!.region);
    }
  });
});

describe('the country a message is in, when it names another', () => {
  const spansOf = (text: string, parts: string[]) =>
    parts.map((p) => ({ start: text.indexOf(p), end: text.indexOf(p) + p.length, text: p, kind: 'place' as const }));

  it('knows every country by its name in the six languages, but never by a name people or towns bear', () => {
    expect(pools.placeKind?.('Luxemburgo')).toMatchObject({ type: 'country', country: 'LU' });
    expect(pools.placeKind?.('Luxemburg')).toMatchObject({ type: 'country', country: 'LU' });
    expect(pools.placeKind?.('Liechtenstein')).toMatchObject({ type: 'country', country: 'LI' });
    // French "Malte" is a German given name; Spanish "Santa Lucía" a town of Uruguay and Spain.
    expect(pools.placeKind?.('Malte')).toBeUndefined();
    expect(pools.placeKind?.('Santa Lucía')).toBeUndefined();
    for (let seed = 1; seed <= 5; seed++) {
      const text = 'Emigrei para o Luxemburgo em 2017 e trabalho nas obras em Esch-sur-Alzette.';
      const p = sent(text, 'pt', ['Luxemburgo', 'Esch-sur-Alzette'], seed);
      expect(p.marks[0]!.treatment).toBe('keep');
      expect(p.text).toContain('para o Luxemburgo');
    }
  });

  it('reads "IRS" as Portugal’s tax in Portuguese and the US’s in other languages', () => {
    expect(messageCue('Tenho de declarar essa renda no IRS em Portugal e também aqui?', [], pools, 'pt')).toBe('PT');
    expect(messageCue('the IRS sent me a letter about my 2022 return', [], pools, 'en')).toBe('US');
  });

  it('lets the towns of a message, not a country it names, say where it is', () => {
    const text =
      'Wir wohnen in Annweiler am Trifels bei Kaiserslautern, mein Mann kommt aus Rumänien. Das Familiengericht Landau hat geschrieben, er will mit den Kindern nach Sibiu. Gilt das Haager Übereinkommen für Rumänien?';
    const places = ['Annweiler am Trifels', 'Kaiserslautern', 'Rumänien', 'Landau', 'Sibiu'];
    // "Landau" is "Landau in der Pfalz" in the data: the short name people type.
    expect(placeCountry('Landau', pools, { cue: 'RO', language: 'de' })).toBe('DE');
    expect(messageCue(text, spansOf(text, places), pools, 'de')).toBe('DE');
    for (let seed = 1; seed <= 10; seed++) {
      const p = sent(text, 'de', places, seed);
      expect(townIn(p.marks[0]!.substitute, 'DE'), p.text).toBeDefined();
    }
    // With no town of its own, the country it names.
    const angola = 'to gravida de 5 meses e moro no Cazenga. como faço pra pedir pensao aqui em angola?';
    expect(messageCue(angola, spansOf(angola, ['Cazenga', 'angola']), pools, 'pt')).toBe('AO');
  });

  it('an organisation’s town in another country the message names stays in that country', () => {
    const text = "Au consulat de Dakar on m'a refusé le visa pour la France. J'ai été admis à l'Université de Poitiers.";
    for (let seed = 1; seed <= 10; seed++) {
      const random = seededRandomSource(seed);
      const p = protectMessage(text, {
        codebook: newCodebook(random),
        random,
        tagging: taggerRead(
          text,
          'fr',
          [
            ['Dakar', 'place'],
            ['France', 'place'],
            ['Université de Poitiers', 'organisation'],
          ],
          1,
        ),
      });
      const university = p.marks.find((m) => m.kind === 'organisation')!.substitute;
      expect(university).toMatch(/^Université de /);
      expect(townIn(university.replace('Université de ', ''), 'FR'), p.text).toBeDefined();
      expect(townIn(p.marks[0]!.substitute, 'SN'), p.text).toBeDefined();
    }
  });

  it('a region named with its word inside the span is kept, and a code in brackets after a town goes as typed', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const p = sent('Tenho uma casa em Amares, distrito de Braga, arrendada a 420€/mês.', 'pt', ['distrito de Braga'], seed);
      expect(p.marks[0]!.treatment).toBe('keep');
      const q = sent('Chiusura: Chiara, Borgo Maggiore (RSM), tel. 0549 903412', 'it', ['Borgo Maggiore (RSM'], seed);
      expect(q.marks.map((m) => [m.text, m.treatment])).toEqual([
        ['Borgo Maggiore', 'generalize'],
        ['RSM', 'keep'],
      ]);
      expect(q.text).toMatch(/^Chiusura: Chiara, \[luogo\] \(RSM\), tel\./);
    }
  });
});

describe('a town the data does not know, beside its region', () => {
  it('reads a region by its name or the code people type, as the towns’ regions are coded', () => {
    expect(regionOf('Manitoba', pools)).toBe('CA.03');
    expect(regionOf('MB', pools)).toBe('CA.03');
    expect(regionOf('SK', pools)).toBe('CA.11');
    expect(regionOf('NSW', pools)).toBe('AU.02');
    expect(regionOf('Qld', pools)).toBe('AU.04');
    expect(regionOf('Ohio', pools)).toBe('US.OH');
    expect(regionOf('OH', pools)).toBe('US.OH');
    expect(regionOf('Leeds', pools)).toBeUndefined();
  });

  it('gets a town of the region typed with it, or named in the message, even where the data knows few', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const p = sent('We farm near Kindersley, SK and her lawyer is in Rosetown.', 'en', ['Kindersley, SK', 'Rosetown'], seed);
      const [town, code] = p.marks[0]!.substitute.split(', ');
      expect(code).toBe('SK');
      expect(townIn(town!, 'CA')?.region, p.text).toBe('CA.11');
      expect(townIn(p.marks[1]!.substitute, 'CA')?.region, p.text).toBe('CA.11');
      // Manitoba: two towns in the data (the stand-in of a town it knows there would all but name it), but a
      // town it does not know is none of them.
      const q = sent('I live in Neepawa, Manitoba and work on a farm.', 'en', ['Neepawa, Manitoba'], seed);
      expect(townIn(q.marks[0]!.substitute.split(', ')[0]!, 'CA')?.region, q.text).toBe('CA.03');
      const r = sent('got done for drink driving in Gundagai, court is in Wagga. what happens in NSW?', 'en', ['Gundagai', 'NSW'], seed);
      expect(townIn(r.marks[0]!.substitute, 'AU')?.region, r.text).toBe('AU.02');
      // Where only another town of a small region says the region, its towns are not drawn: Cervione's stand-in
      // would tell Bastia (Corsica: two towns in the data), whose own stand-in hides it.
      const w = sent('mon père est décédé à Bastia, il laisse un terrain à Cervione', 'fr', ['Bastia', 'Cervione'], seed);
      for (const m of w.marks) expect(townIn(m.substitute, 'FR')?.region, w.text).not.toBe(townIn('Bastia', 'FR')!.region);
    }
  });
});
