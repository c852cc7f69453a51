/// <reference lib="webworker" />
import { canvasRasterizer, rasterizeName, type Rasterizer } from './labelAtlas';
import type { RasterReply, RasterRequest } from './rasterProtocol';
import { isPassRequest, type ScanRequest } from './scanProtocol';
import { ScanReplier } from './scanWorkerState';

/**
 * The star names' one worker (src/labels/namesThread.ts): the candidate scan off the main thread
 * (docs/names.md#cost), and the names' rasterising (the 2D canvas text, which may look up fallback
 * fonts, slow the first time a script is met; the read-back; the distance field).
 */
let rasterizer: Rasterizer | undefined;
const scope = self as unknown as DedicatedWorkerGlobalScope;
const scan = new ScanReplier((reply) => scope.postMessage(reply, [reply.buffer as ArrayBuffer]));

self.onmessage = (event: MessageEvent<ScanRequest | RasterRequest>) => {
  const request = event.data;
  if (!isPassRequest(request) && request.kind === 'raster') {
    rasterizer ??= canvasRasterizer(request.fontFamily);
    const names = request.texts.map((text) => ({ key: text, ...rasterizeName(rasterizer!, text) }));
    const reply: RasterReply = { kind: 'raster', names };
    scope.postMessage(reply, names.map((n) => n.field.buffer as ArrayBuffer));
    return;
  }
  scan.take(request);
};
