import { GalaxyLoadError } from '../loadTypes';
import { ManifestFormatError, parseManifestText, type Manifest } from '../manifest';

/** The viewer's reading of manifest.json: `url` names the file in the message when it is unusable. */
export function parseManifest(text: string, url: string): Manifest {
  try {
    return parseManifestText(text);
  } catch (error) {
    if (error instanceof ManifestFormatError) throw new GalaxyLoadError(`The manifest at ${url} ${error.reason}`, 'data');
    throw error;
  }
}
