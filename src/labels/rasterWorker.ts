/// <reference lib="webworker" />
import { canvasRasterizer, rasterizeName, type Rasterizer } from './labelAtlas';
import type { RasterReply, RasterRequest } from './rasterProtocol';

/**
 * Rasterises star names off the main thread: the 2D canvas text (which may look up fallback fonts,
 * slow the first time a script is met), the read-back and the distance field.
 */
let rasterizer: Rasterizer | undefined;

self.onmessage = (event: MessageEvent<RasterRequest>) => {
  const request = event.data;
  rasterizer ??= canvasRasterizer(request.fontFamily);
  const names = request.texts.map((text) => ({ key: text, ...rasterizeName(rasterizer!, text) }));
  const reply: RasterReply = { names };
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply, names.map((n) => n.field.buffer as ArrayBuffer));
};
