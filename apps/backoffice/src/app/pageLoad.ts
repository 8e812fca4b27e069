// Leaving the app by a full page load: the sign-in page is a page of its own (login.html), and the
// app opens after a sign-in the same way. One seam, so tests can see where a page load would go
// (jsdom cannot navigate).
export const pageLoad = {
  go(url: string, o: { replace?: boolean } = {}): void {
    if (o.replace) window.location.replace(url);
    else window.location.assign(url);
  },
};
