import { ErrorPanel } from '../panels';
import { undecodableNameMessage } from '../url/routeName';

/** '#/galaxy/{segment}' whose name cannot be decoded: the unknown-galaxy panel, with its way home. */
export function UndecodableGalaxyRoute({ segment }: { segment: string }) {
  return (
    <main className="galaxy-route" style={{ position: 'fixed', inset: 0, overflow: 'hidden' }}>
      <ErrorPanel galaxyName={segment} message={undecodableNameMessage(segment)} />
    </main>
  );
}
