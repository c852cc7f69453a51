/**
 * A drawn stand-in for a github avatar: stories must not depend on the network.
 * The real addresses (github.com/NAME.png?size=50) are covered by the unit tests.
 */
export function fakeAvatar(login: string): string {
  let hash = 0;
  for (const char of login) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><rect width="50" height="50" fill="hsl(${hue},55%,45%)"/><text x="25" y="33" font-size="24" text-anchor="middle" fill="white" font-family="sans-serif">${login[0]?.toUpperCase() ?? '?'}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
