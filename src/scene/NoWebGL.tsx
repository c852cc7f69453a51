/** docs/rules.md#galaxy-screen: the screen for browsers that can draw neither WebGPU nor WebGL2. */
export const WEBGL_INFO_URL = 'https://get.webgl.org/';

export function NoWebGL({ reasons = [] }: { reasons?: string[] }) {
  return (
    <div role="alert" className="no-webgl" title={reasons.join('\n') || undefined} style={{ padding: '2rem', color: '#ddd' }}>
      <h4>Could not initialize WebGL</h4>
      <p>
        Your browser does not seem to support WebGL. Find out how to get it <a href={WEBGL_INFO_URL}>here</a>.
      </p>
    </div>
  );
}
