import { atom } from 'jotai';
import { BackendPolicy } from '../../renderer/backendPolicy';
import type { EarlyGpu } from '../../renderer/earlyGpu';
import type { GalaxyScene } from '../../scene/galaxyScene';
import { DEFAULT_STAR_BUDGET_POLICY, type StarBudgetPolicy } from '../../scene/sceneStarBudget';
import type { StarSource } from '../../stars/starSource';
import type { CameraPose, Scene } from '../../scene/scene';
import { defaultAddressView, type AddressView } from '../../url/viewQuery';

/** The view's camera (URL keys cx to lw), saved every 200 ms while it moves. */
type ViewPose = Pick<AddressView, 'pos' | 'lookAt'>;
/** The rest of the view. */
type ViewSettings = Omit<AddressView, 'pos' | 'lookAt'>;

const splitView = ({ pos, lookAt, ...settings }: AddressView): [ViewPose, ViewSettings] => [{ pos, lookAt }, settings];
const [defaultPose, defaultSettings] = splitView(defaultAddressView());

/**
 * The camera and the rest of the view in atoms of their own: the atoms read from the rest (links,
 * names, colours, scale, version: the screen's and the scene's) are not computed again at each of a
 * flight's camera saves, as they were while one atom held both.
 */
const viewPoseAtom = atom<ViewPose>(defaultPose);
const viewSettingsAtom = atom<ViewSettings>(defaultSettings);

/** The view state the address carries (docs/rules.md#url view configuration). */
export const addressViewAtom = atom(
  (get): AddressView => ({ ...get(viewSettingsAtom), ...get(viewPoseAtom) }),
  (_get, set, view: AddressView) => {
    const [pose, settings] = splitView(view);
    set(viewPoseAtom, pose);
    set(viewSettingsAtom, settings);
  },
);

/**
 * The scene, from the viewer's start to its end (src/app/startViewer.ts), with or without a
 * renderer: the canvas attaches one to it.
 */
export const galaxySceneAtom = atom<GalaxyScene | undefined>(undefined);

/** What the page started of the GPU before its first renderer (src/boot/pageStart.ts), for the canvas and the adapter probe. */
export const earlyGpuAtom = atom<EarlyGpu | undefined>(undefined);

/**
 * Which backends the renderer tries, in which order: the page start's policy (src/boot/pageStart.ts,
 * from `renderer=`), read once by startViewer; the canvas and the star budget's adapter probe ask it.
 */
export const backendPolicyAtom = atom<BackendPolicy>(new BackendPolicy());

/** What the UI may ask of the drawn galaxy: the scene, through the Scene interface. */
export const sceneAtom = atom<Scene | undefined>((get) => get(galaxySceneAtom));

/**
 * Whether the address's camera keys place the camera (present and in range, `addressPlacesCamera`):
 * a galaxy's first stars are then shown from the address view's pose, else whole (docs/rules.md#url).
 */
export const addressPlacesCameraAtom = atom(false);

/**
 * The star source the scene draws now (the scene sync sets it): the stats line counts a whole
 * galaxy's drawn stars from it, which its star budget may keep below all of them.
 */
export const shownStarsAtom = atom<StarSource | undefined>(undefined);

/** What the address asks of the star budget (docs/rules.md#url, `fps` and `budget`). */
export const starBudgetPolicyAtom = atom<StarBudgetPolicy>(DEFAULT_STAR_BUDGET_POLICY);

export const showLinksAtom = atom(
  (get) => get(viewSettingsAtom).showLinks,
  (get, set, show: boolean) => set(viewSettingsAtom, { ...get(viewSettingsAtom), showLinks: show }),
);

/** Star names drawn in the scene (URL key n). */
export const showNamesAtom = atom(
  (get) => get(viewSettingsAtom).showNames !== false,
  (get, set, show: boolean) => set(viewSettingsAtom, { ...get(viewSettingsAtom), showNames: show }),
);

/** The N key: names shown or hidden. */
export const toggleNamesAtom = atom(null, (get, set) => {
  set(showNamesAtom, !get(showNamesAtom));
});

/** Stars coloured by their constellation (URL key c; on unless the visitor turned it off). */
export const colourByCommunityAtom = atom(
  (get) => get(viewSettingsAtom).colourByCommunity !== false,
  (get, set, on: boolean) => set(viewSettingsAtom, { ...get(viewSettingsAtom), colourByCommunity: on }),
);

/** The C key: colour by community on or off. */
export const toggleColourByCommunityAtom = atom(null, (get, set) => {
  set(colourByCommunityAtom, !get(colourByCommunityAtom));
});

/** Slices of the view that the screen redraws on; they stay equal while only the camera moves. */
export const maxVisibleDistanceAtom = atom((get) => get(viewSettingsAtom).maxVisibleDistance);
export const scaleAtom = atom((get) => get(viewSettingsAtom).scale);
export const manifestVersionAtom = atom((get) => get(viewSettingsAtom).manifestVersion);

/** docs/rules.md#url: toggling links flips the flag. */
export const toggleLinksAtom = atom(null, (get, set) => {
  set(showLinksAtom, !get(showLinksAtom));
});

/** Records a camera pose into the view state (the 200 ms camera save). */
export const saveCameraAtom = atom(null, (get, set, pose: CameraPose) => {
  const [x, y, z] = pose.position;
  const [qx, qy, qz, qw] = pose.orientation;
  const { pos, lookAt } = get(viewPoseAtom);
  if (pos.x === x && pos.y === y && pos.z === z && lookAt.x === qx && lookAt.y === qy && lookAt.z === qz && lookAt.w === qw) return;
  set(viewPoseAtom, { pos: { x, y, z }, lookAt: { x: qx, y: qy, z: qz, w: qw } });
});

export { poseOf } from '../../url/viewPose';

/** Camera is currently moved by keys, touch or an orbit (hover waits until it stops). */
export const cameraMovingAtom = atom(false);
