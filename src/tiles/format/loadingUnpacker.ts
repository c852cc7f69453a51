import { streamUnpacker, type FileUnpacker } from './gzip';

/**
 * A FileUnpacker whose code is still loading (the tile worker's ScratchUnpacker, which carries pako's
 * inflate, half of the worker's script): the browser's DecompressionStream (streamUnpacker) unpacks
 * until it has loaded, and for good if it cannot be loaded. Each call picks one unpacker whole, so a
 * file never waits on the load, and bytes a ScratchUnpacker returns are read before the next call.
 */
export function loadingUnpacker(loading: Promise<FileUnpacker>): FileUnpacker {
  let unpacker: FileUnpacker = streamUnpacker;
  loading.then(
    (loaded) => {
      unpacker = loaded;
    },
    () => {},
  );
  return {
    unpack: (bytes, name, expectedBytes) => unpacker.unpack(bytes, name, expectedBytes),
    unpackSized: (bytes, maxBytes, room) => unpacker.unpackSized(bytes, maxBytes, room),
  };
}
