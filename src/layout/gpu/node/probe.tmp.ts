import { openDawnDevice } from './dawnDevice';
const d = await openDawnDevice({ allowSoftware: true });
console.log(d.adapter, d.software, d.timestamps, d.device.limits.maxStorageBuffersPerShaderStage);
d.device.destroy();
