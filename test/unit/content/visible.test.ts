// @vitest-environment happy-dom
/**
 * The visibility check's style and layout rules (src/content/visible.ts), on a DOM with its layout stubbed:
 * happy-dom computes styles but lays nothing out, so the box and the topmost element are given. The real
 * browsers are tested end to end (test/e2e/chromium-hostile.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hiddenBecause, markVeil, VisibilityWatch } from '../../../src/content/visible';

function frame(): HTMLElement {
  // A div stands in for the frame (happy-dom loads no frames); the rules read the same styles.
  const element = document.createElement('div');
  element.className = 'veil-frame';
  element.style.cssText = 'position:fixed;inset:0;z-index:2147483647;opacity:1';
  document.documentElement.append(element);
  markVeil(element);
  element.getBoundingClientRect = () => ({
    left: 0,
    top: 0,
    right: innerWidth,
    bottom: innerHeight,
    width: innerWidth,
    height: innerHeight,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  document.elementFromPoint = () => element;
  return element;
}
const FULL = () => ({ minWidth: innerWidth, minHeight: innerHeight });

afterEach(() => {
  document.querySelectorAll('.veil-frame, .page-overlay').forEach((e) => e.remove());
  document.documentElement.removeAttribute('style');
});

describe('hiddenBecause', () => {
  it('passes a panel shown as Veil drew it', () => {
    expect(hiddenBecause(frame(), FULL())).toBeNull();
  });

  it.each([
    ['opacity:0', 'it is made transparent'],
    ['opacity:0.05', 'it is made transparent'],
    ['visibility:hidden', 'it is made invisible'],
    ['filter:opacity(0)', 'a filter changes it'],
    ['pointer-events:none', 'it is made inert'],
    ['z-index:0', 'it is moved below the page'],
    ['position:absolute', 'it is moved below the page'],
  ])('refuses a panel the page restyled with %s', (css, why) => {
    const element = frame();
    element.style.cssText += `;${css}`;
    expect(hiddenBecause(element, FULL())).toBe(why);
  });

  it('refuses a panel whose page root is faded', () => {
    const element = frame();
    document.documentElement.style.opacity = '0.01';
    expect(hiddenBecause(element, FULL())).toBe('it is made transparent');
  });

  it('refuses a panel something of the page covers, even an element that lets clicks through', () => {
    const element = frame();
    const overlay = document.createElement('div');
    overlay.className = 'page-overlay';
    overlay.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647';
    overlay.getBoundingClientRect = element.getBoundingClientRect;
    document.documentElement.append(overlay);
    expect(hiddenBecause(element, FULL())).toBe('something of the page is above it');
    overlay.remove();
    document.elementFromPoint = () => document.body;
    expect(hiddenBecause(element, FULL())).toBe('something of the page is above it');
  });

  it('refuses a panel shrunk or moved out of the window', () => {
    const element = frame();
    element.getBoundingClientRect = () => ({
      left: innerWidth - 2,
      top: 0,
      right: 2 * innerWidth - 2,
      bottom: innerHeight,
      width: innerWidth,
      height: innerHeight,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    expect(hiddenBecause(element, FULL())).toBe('it is moved out of the window');
  });
});

describe('VisibilityWatch', () => {
  it('counts a panel as seen only after it has been visible without a break for the time asked', () => {
    let now = 1000;
    const element = frame();
    const watch = new VisibilityWatch(element, FULL, () => now);
    expect(watch.proven(600)).toBe(false);
    now += 700;
    expect(watch.proven(600)).toBe(true);
    // Hidden for a moment: the clock starts again.
    element.style.opacity = '0';
    expect(watch.proven(600)).toBe(false);
    element.style.opacity = '1';
    now += 100;
    expect(watch.proven(600)).toBe(false);
    now += 600;
    expect(watch.proven(600)).toBe(true);
    watch.stop();
    vi.restoreAllMocks();
  });
});
