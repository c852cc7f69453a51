// Force layout, pass 7 (one invocation): the CLI layout's step rule. The step grows after 5
// iterations that lowered the energy (sum of squared forces) and shrinks after one that did not,
// and is capped by a cooling curve so that the level settles within its iterations.

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> energies: array<f32>;
@group(0) @binding(2) var<storage, read_write> schedule: Schedule;

const STEP_FACTOR = 0.9;

@compute @workgroup_size(1)
fn advance() {
  var total = 0.0;
  for (var g = 0u; g < params.nodeGroups; g++) {
    total += energies[g];
  }
  var s = schedule;
  if (total < s.energy) {
    s.progress++;
    if (s.progress >= 5u) {
      s.progress = 0u;
      s.step /= STEP_FACTOR;
    }
  } else {
    s.progress = 0u;
    s.step *= STEP_FACTOR;
  }
  s.energy = total;
  let remaining = f32(s.iterations - min(s.iteration + 1u, s.iterations)) / f32(s.iterations);
  s.step = max(s.finalStep, min(s.step, s.initialStep * remaining * remaining + s.finalStep));
  s.iteration++;
  schedule = s;
}
