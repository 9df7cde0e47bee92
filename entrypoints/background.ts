export default defineBackground(() => {
  // Handlers are wired here once the messaging contract exists (issue 2).
});
