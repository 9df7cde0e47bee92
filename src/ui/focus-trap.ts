/** Keep Tab and Shift+Tab inside `container` (a modal): from the last control to the first and back. */
export function trapTab(container: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const controls = Array.from(container.querySelectorAll<HTMLElement>('button:not(:disabled), textarea, input, select, [tabindex="0"]'));
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = container.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first?.focus();
  }
}
