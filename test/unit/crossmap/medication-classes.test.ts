/**
 * A medicine's class (src/crossmap/medication-classes.ts): the level of generalization an answer needs, broad
 * enough to name no one medicine, looked up in the six languages' spellings, and used by message protection
 * unless the person chose categories only.
 */
import { describe, expect, it } from 'vitest';
import data from '../../../data/medication-classes.json';
import { medicationClass } from '../../../src/crossmap/medication-classes';
import { newCodebook, protectMessage } from '../../../src/crossmap';
import { seededRandomSource } from '../../../src/dp/exact/random';
import { plainWords } from '../../../src/crossmap/tagger/tagger';

describe('a medicine’s class', () => {
  it('names the therapeutic class of common medicines, their brand names and other languages’ spellings', () => {
    for (const [name, phrase] of [
      ['sertraline', 'an antidepressant'],
      ['Zoloft', 'an antidepressant'],
      ['Sertralin', 'an antidepressant'],
      ['fluoxetina', 'an antidepressant'],
      ['ibuprofen', 'an anti-inflammatory medicine'],
      ['ibuprofeno', 'an anti-inflammatory medicine'],
      ['ibuprofène', 'an anti-inflammatory medicine'],
      ['warfarin', 'a blood thinner'],
      ['metformina', 'a diabetes medicine'],
      ['atorvastatin 20 mg', 'a cholesterol medicine'],
      ['lisinopril', 'a blood-pressure medicine'],
      ['amoxicillin', 'an antibiotic'],
      ['codeine', 'an opioid'],
      ['diazepam', 'a sedative'],
      ['albuterol', 'an asthma medicine'],
      ['my prednisone', 'a steroid'],
    ] as const)
      expect(medicationClass(name), name).toBe(phrase);
  });

  it('gives none for a medicine WordNet does not know or files elsewhere, nor for a street drug under "narcotic"', () => {
    for (const name of ['lithium', 'Ozempic', 'semaglutide', 'insulin', 'cannabis', 'cocaine', 'viagra', 'mifepristone', 'something else'])
      expect(medicationClass(name), name).toBeUndefined();
  });

  it('every class holds at least 8 medicines, so it never all but names one', () => {
    for (const [i, [phrase, count]] of (data.classes as [string, number][]).entries()) {
      expect(count, phrase).toBeGreaterThanOrEqual(8);
      expect(data.terms[i]!.split('|')).toHaveLength(count);
      expect(phrase).toMatch(/^(?:a|an) [a-z]/);
    }
  });

  it('message protection sends the class in place of the medicine, in English and the other languages; by category, the category', () => {
    const send = (text: string, part: string, code: string, healthLevel?: 'category') => {
      const random = seededRandomSource(3);
      const start = text.indexOf(part);
      return protectMessage(text, {
        codebook: newCodebook(random),
        random,
        ...(healthLevel ? { healthLevel } : {}),
        tagging: {
          language: { code, name: code, read: true },
          found: [{ start, end: start + part.length, text: part, kind: 'medication', source: 'tagger', score: 0.9 }],
          personal: [{ start: 0, end: text.length, p: 1 }],
          general: 0,
          plain: plainWords(text, code),
        },
      }).text;
    };
    expect(send('is it safe to drink wine while on sertraline?', 'sertraline', 'en')).toBe('is it safe to drink wine while on an antidepressant?');
    expect(send('I take warfarin every day, can I have ibuprofen?', 'warfarin', 'en')).toBe('I take a blood thinner every day, can I have ibuprofen?');
    expect(send('Darf ich mit Sertralin Alkohol trinken?', 'Sertralin', 'de')).toBe('Darf ich mit [Antidepressivum] Alkohol trinken?');
    expect(send('is it safe to drink wine while on sertraline?', 'sertraline', 'en', 'category')).toBe(
      'is it safe to drink wine while on a prescription medicine?',
    );
    expect(send('is it safe to drink wine while on lithium?', 'lithium', 'en')).toBe('is it safe to drink wine while on a prescription medicine?');
  });
});
