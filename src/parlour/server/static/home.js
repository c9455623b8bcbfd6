// The home page: choose a rule system, its options and the seats; start; or join.
import { el } from '/static/mahjong.js';

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
  // an option's input: a list to choose from, a box to tick, a number, or text
  function optionInput(o, id) {
    if (o.choices) {
      return el('select', { id, name: o.name }, o.choices.map((c) => el('option', { value: JSON.stringify(c), selected: c === o.default }, String(c))));
    }
    if (typeof o.default === 'boolean') return el('input', { id, name: o.name, type: 'checkbox', checked: o.default });
    if (typeof o.default === 'number') return el('input', { id, name: o.name, type: 'number', value: o.default, step: 'any' });
    return el('input', { id, name: o.name, value: JSON.stringify(o.default) });
  }
  function optionValue(input) {
    if (input.type === 'checkbox') return input.checked;
    if (input.type === 'number') return Number(input.value);
    try { return JSON.parse(input.value); } catch { return input.value; }
  }
  function show() {
    const system = info.systems.find((s) => s.name === rules.value) || playable[0];
    document.getElementById('rules-title').textContent = system.title;
    options.querySelectorAll('label').forEach((n) => n.remove());
    for (const o of system.options) {
      const id = `opt-${o.name}`;
      const input = optionInput(o, id);
      options.append(el('label', { for: id }, `${o.name} `, input, el('small', {}, ` ${o.meaning}`)));
      // a rule system whose number of players is an option: the seats follow it
      if (o.name === 'players') input.addEventListener('change', () => showSeats(system));
    }
    showSeats(system);
  }
  function showSeats(system) {
    seats.querySelectorAll('.seat-choice').forEach((n) => n.remove());
    const chosen = options.querySelector('[name="players"]');
    // four at the table when the rules allow it, else as many as they take
    const count = chosen ? Number(optionValue(chosen))
      : system.players.includes(4) ? 4 : system.players[system.players.length - 1];
    // the card games have their own bots: random and heuristic
    const cards = system.family === 'cards';
    const bots = cards ? ['random', 'heuristic'] : info.bots;
    const sensible = cards ? 'heuristic' : 'greedy';
    // a card game is played to its end: its length is one of its options
    document.getElementById('hands').closest('label').style.display = cards ? 'none' : '';
    for (let p = 0; p < count; p++) {
      const choice = el('select', { id: `seat-${p}`, 'data-seat': p, 'aria-label': `who plays player ${p + 1}` },
        el('option', { value: 'human' }, p === 0 ? 'you' : 'a friend (open seat)'),
        bots.map((b) => el('option', { value: b, selected: p > 0 && b === sensible }, `bot: ${b}`)));
      const name = el('input', { id: `name-${p}`, class: 'seat-name', maxlength: 40, size: 12,
        'aria-label': `name of player ${p + 1}`, placeholder: 'name' });
      seats.append(el('p', { class: 'seat-choice' }, `Player ${p + 1} `, choice, ' ', name));
    }
  }
  rules.addEventListener('change', show);
  rules.value = playable[0].name;
  show();
  document.getElementById('new-table').addEventListener('submit', async (event) => {
    event.preventDefault();
    const opts = {};
    const chosen = info.systems.find((s) => s.name === rules.value);
    // an option left at its default is not sent: the rules apply their own default (and
    // may take an option only where it applies, a three-player option at a table of four)
    const defaults = new Map((chosen?.options || []).map((o) => [o.name, JSON.stringify(o.default)]));
    for (const input of options.querySelectorAll('select, input')) {
      const value = optionValue(input);
      if (defaults.get(input.name) !== JSON.stringify(value)) opts[input.name] = value;
    }
    const noTimer = document.getElementById('no-timer').checked;
    const turn = Number(document.getElementById('turn').value);
    const hands = document.getElementById('hands').value;
    const kinds = [...seats.querySelectorAll('select')].map((s) => s.value);
    const typed = [...seats.querySelectorAll('input.seat-name')].map((n) => n.value.trim());
    const spec = {
      rules: rules.value,
      options: opts,
      seats: kinds,
      policy: { claim_seconds: noTimer ? null : Number(document.getElementById('claim').value),
        turn_seconds: turn > 0 ? turn : null,
        // who plays the seat of someone who closed their page, and after how long
        away: document.getElementById('away').value,
        absence_seconds: Number(document.getElementById('absence').value) },
    };
    const system = info.systems.find((s) => s.name === rules.value);
    if (hands && system?.family !== 'cards') spec.policy.hands = Number(hands);
    if (typed.some(Boolean)) spec.names = typed.map((n, p) => n || (kinds[p] === 'human' ? `player ${p + 1}` : `${kinds[p]} ${p + 1}`));
    const reply = await fetch('/api/tables', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) });
    const made = document.getElementById('made');
    made.hidden = false;
    made.innerHTML = '';
    let body;
    try { body = await reply.json(); } catch { body = { detail: `the server answered ${reply.status}` }; }
    if (!reply.ok) {
      const detail = typeof body.detail === 'string' ? body.detail : JSON.stringify(body.detail || body);
      made.append(el('p', { class: 'error', role: 'alert' }, detail || 'the table could not be made'));
      return;
    }
    made.append(el('h2', { tabindex: '-1', id: 'made-title' }, 'Your table is ready'));
    const list = el('ul');
    const links = [...body.links].sort((a, b) => a.player - b.player);
    links.forEach((l, i) => list.append(el('li', {}, `${l.name}: `,
      el('a', { href: l.url, id: i === 0 ? 'your-seat' : `seat-link-${l.player}`, 'data-player': l.player },
        i === 0 ? 'take your seat' : 'link for this seat'),
      ' ', el('input', { readonly: true, value: `${location.origin}${l.url}`, size: 30, 'aria-label': `link for ${l.name}`,
        onfocus: (e) => e.target.select() }))));
    list.append(el('li', {}, 'Spectators: ', el('a', { href: body.spectator, id: 'watch' }, 'watch'), ' ',
      el('input', { readonly: true, value: `${location.origin}${body.spectator}`, size: 30, 'aria-label': 'link for spectators',
        onfocus: (e) => e.target.select() })));
    made.append(list, el('p', { class: 'note' }, 'Send each friend the link of their seat: whoever has a link plays that seat.'),
      el('p', { class: 'note' }, `Seed commitment: ${body.commitment} (the seed is shown when the game is over).`));
    document.getElementById('made-title').focus();
  });
  const linkInput = document.getElementById('link');
  const linkProblem = document.getElementById('link-problem');
  function sayLinkProblem(text) {
    linkProblem.textContent = text;
    linkProblem.hidden = !text;
    if (text) linkInput.setAttribute('aria-invalid', 'true');
    else linkInput.removeAttribute('aria-invalid');
  }
  linkInput.addEventListener('input', () => sayLinkProblem(''));
  document.getElementById('join').addEventListener('submit', (event) => {
    event.preventDefault();
    const problem = joinProblem(linkInput.value);
    if (problem) { sayLinkProblem(problem); linkInput.focus(); return; }
    location.href = new URL(linkInput.value.trim(), location.origin).pathname;
  });
}

// What is wrong with a pasted link ('' when it is a seat's or a spectator's link).
export function joinProblem(text) {
  const link = text.trim();
  if (!link) return 'Paste the link you were sent first: a seat\'s link ends in /play/… and a spectator\'s in /watch/….';
  let url;
  try { url = new URL(link, location.origin); } catch { url = null; }
  const looks = /^\/(play|watch)\/[A-Za-z0-9_-]{10,128}$/;
  if (!url || !/^https?:$/.test(url.protocol) || !looks.test(url.pathname)) {
    return 'That is not a table\'s link: a seat\'s link looks like '
      + `${location.origin}/play/… and a spectator's like ${location.origin}/watch/…. Copy the whole link you were sent.`;
  }
  return '';
}
