// The home page: choose a rule system, its options and the seats; start; or join.
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

export async function home() {
  const info = await (await fetch('/api/rules')).json();
  const playable = info.systems.filter((s) => s.status === 'playable');
  const rules = document.getElementById('rules');
  for (const s of info.systems) {
    rules.append(el('option', { value: s.name, disabled: s.status !== 'playable' },
      `${s.name}${s.status !== 'playable' ? ' (' + s.status + ')' : ''}`));
  }
  const options = document.getElementById('options');
  const seats = document.getElementById('seats');
  function show() {
    const system = info.systems.find((s) => s.name === rules.value) || playable[0];
    document.getElementById('rules-title').textContent = system.title;
    options.querySelectorAll('label').forEach((n) => n.remove());
    for (const o of system.options) {
      const id = `opt-${o.name}`;
      const input = o.choices
        ? el('select', { id, name: o.name }, o.choices.map((c) => el('option', { value: JSON.stringify(c), selected: c === o.default }, String(c))))
        : el('input', { id, name: o.name, value: JSON.stringify(o.default) });
      options.append(el('label', { for: id }, `${o.name} `, input, el('small', {}, ` ${o.meaning}`)));
    }
    seats.querySelectorAll('label').forEach((n) => n.remove());
    const count = system.players[system.players.length - 1];
    for (let p = 0; p < count; p++) {
      const choice = el('select', { id: `seat-${p}`, 'data-seat': p },
        el('option', { value: 'human' }, p === 0 ? 'you' : 'a friend (open seat)'),
        info.bots.map((b) => el('option', { value: b, selected: p > 0 && b === 'greedy' }, `bot: ${b}`)));
      seats.append(el('label', {}, `Player ${p + 1} `, choice));
    }
  }
  rules.addEventListener('change', show);
  rules.value = playable[0].name;
  show();
  document.getElementById('new-table').addEventListener('submit', async (event) => {
    event.preventDefault();
    const opts = {};
    for (const input of options.querySelectorAll('select, input')) {
      try { opts[input.name] = JSON.parse(input.value); } catch { opts[input.name] = input.value; }
    }
    const noTimer = document.getElementById('no-timer').checked;
    const turn = Number(document.getElementById('turn').value);
    const spec = {
      rules: rules.value,
      options: opts,
      seats: [...seats.querySelectorAll('select')].map((s) => s.value),
      policy: { claim_seconds: noTimer ? null : Number(document.getElementById('claim').value),
        turn_seconds: turn > 0 ? turn : null },
    };
    const reply = await fetch('/api/tables', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) });
    const made = document.getElementById('made');
    made.hidden = false;
    made.innerHTML = '';
    const body = await reply.json();
    if (!reply.ok) { made.append(el('p', { class: 'error', role: 'alert' }, body.detail || 'the table could not be made')); return; }
    made.append(el('h2', {}, 'Your table is ready'));
    const list = el('ul');
    body.links.forEach((l, i) => list.append(el('li', {}, `${l.name}: `,
      el('a', { href: l.url, id: i === 0 ? 'your-seat' : `seat-link-${l.player}` }, i === 0 ? 'take your seat' : 'link for this seat'),
      ` (${location.origin}${l.url})`)));
    list.append(el('li', {}, 'Spectators: ', el('a', { href: body.spectator, id: 'watch' }, `${location.origin}${body.spectator}`)));
    made.append(list, el('p', { class: 'note' }, `Seed commitment: ${body.commitment} (the seed is shown when the game is over).`));
  });
  document.getElementById('join').addEventListener('submit', (event) => {
    event.preventDefault();
    const link = document.getElementById('link').value.trim();
    try { const url = new URL(link, location.origin); location.href = url.pathname; } catch { /* ignore */ }
  });
}
