/**
 * The learned message tagger in Firefox ESR too (issue 31), run by the model host in the background page of
 * the built MV2 extension, on the ChatGPT fixture served as https://chatgpt.com/: a German message with a
 * name, a place and a health condition reaches the site's send handler with the three protected and every
 * ordinary word as typed (chromium-tagger tests the review's marks on all three sites; WebDriver BiDi does
 * not reach into Veil's panel frame, so here the panel is worked from the keyboard and kept as a screenshot).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS } from './browsers';
import { firefoxOnSites, openChatgpt, pressSend, received, until, type FirefoxOnSites } from './firefox';

let veil: FirefoxOnSites;

beforeAll(async () => {
  // No profile: the release adds nothing, so the site receives the message alone.
  veil = await firefoxOnSites('{"version":1,"attributes":[]}');
});
afterAll(async () => {
  await veil?.close();
});

const GERMAN =
  'Mein Sohn Jonas hat seit Montag Asthma-Anfälle, wir wohnen in Kassel. Muss ich den Termin beim Kinderarzt verschieben und die Versicherung informieren?';
/** Ordinary words of GERMAN that must reach the site as typed. */
/** ("seit Montag" dates the person's own symptom: a date, which becomes another German weekday, never a word of another kind.) */
const ORDINARY = ['Mein Sohn', 'hat seit ', 'wir wohnen in', 'Muss ich den Termin beim Kinderarzt verschieben und die Versicherung informieren?'];

describe('Firefox ESR: the message tagger on ChatGPT', () => {
  it('a German message: the name, the place and the condition are protected; every ordinary word goes as typed', async () => {
    const page = await openChatgpt(veil.firefox);
    await page.click('#prompt-textarea');
    await page.keyboard.type(GERMAN);
    await page.keyboard.press('Enter');
    await until(async () => (await page.$('iframe[data-veil-panel="open"]')) !== null, 20_000);
    expect(await page.$('iframe[data-veil-panel="open"]')).not.toBeNull();
    expect(await received(page)).toEqual([]);
    // Ctrl+Enter once the panel shows its release (pressSend waits for that).
    await pressSend(page);
    await until(async () => (await received(page)).length > 0, 30_000);
    const sent = await received(page);
    expect(sent).toHaveLength(1);
    const [text] = sent as [string];
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'firefox-tagger-german.png') });
    // Protected: none of the three in what the site got; the name has a stand-in where it stood.
    for (const original of ['Jonas', 'Kassel', 'Asthma']) expect(text).not.toContain(original);
    expect(text).toMatch(/^Mein Sohn \p{Lu}\p{L}+ hat seit /u);
    // Everything else as typed (soft: one word replaced does not hide the others).
    expect(text).toMatch(/hat seit (?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag) /);
    for (const words of ORDINARY) expect.soft(text, `“${words}” as typed; the site received: ${text}`).toContain(words);
    await page.close();
  });
});
