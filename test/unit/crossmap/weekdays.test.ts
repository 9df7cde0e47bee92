/**
 * A weekday that cannot be dated becomes another weekday of its language, the message's where the word is of
 * several (a Portuguese "domingo" sent as the Spanish "jueves" was graded worse on the twenty-fourth holdout).
 */
import { describe, expect, it } from 'vitest';
import { undatable, weekdayIn } from '../../../src/crossmap/weekdays';

const draws = (n: number) => [...Array(n)].map((_, i) => (k: number) => (i * 7 + 3) % k);
const PT = ['segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado', 'domingo'];
const ES = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];

describe('a weekday stand-in', () => {
  it("is of the message's language where the word is of several", () => {
    expect(weekdayIn('domingo', 'pt')).toEqual({ language: 4, day: 6 });
    expect(weekdayIn('domingo', 'es')).toEqual({ language: 3, day: 6 });
    expect(weekdayIn('domingo')).toEqual({ language: 3, day: 6 });
    for (const draw of draws(20)) {
      const pt = undatable('no domingo', draw, 'pt').replace(/^no /, '');
      expect(PT, pt).toContain(pt);
      expect(pt).not.toBe('domingo');
      expect(ES).toContain(undatable('el domingo', draw, 'es').replace(/^el /, ''));
    }
  });

  it('is of its own language when the message is in another', () => {
    for (const draw of draws(10)) expect(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag']).toContain(undatable('Sonntag', draw, 'en'));
  });
});
