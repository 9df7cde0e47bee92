// The benchmark's floor (bench/review.ts): static text shown when the page says a key was pressed, and a
// User Timing mark after the paint that shows it, timed exactly as Veil's review panel marks its own.
addEventListener('message', (event) => {
  if (event.data !== 'veil-floor-show') return;
  document.getElementById('panel').hidden = false;
  requestAnimationFrame(() => setTimeout(() => performance.mark('veil-review-painted')));
});
