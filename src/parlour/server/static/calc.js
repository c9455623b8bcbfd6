// The calculator: build a hand by clicking tiles and score it (the same scorer as parlour score).
import { tileImage, tileWords } from '/static/mahjong.js';

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

const ALL = [...'123456789'].map((d) => d + 'm').concat([...'123456789'].map((d) => d + 'p'),
  [...'123456789'].map((d) => d + 's'), [...'ESWNCFP']);

export function calculator() {
  const root = document.getElementById('calculator');
  const state = { concealed: [], melds: [], win: null, bonus: 0 };
  const picked = el('div', { class: 'picked', 'aria-label': 'your hand' });
  const text = el('input', { id: 'hand-text', 'aria-label': 'the hand in notation', size: 40 });
  const mode = el('select', { id: 'mode' }, ['concealed', 'exposed pung', 'exposed chow', 'exposed kong', 'concealed kong'].map((m) => el('option', { value: m }, m)));
  const palette = el('div', { class: 'palette', role: 'group', 'aria-label': 'tiles to add' });
  for (const t of ALL) palette.append(el('button', { type: 'button', 'data-tile': t, title: tileWords(t), onclick: () => add(t) }, tileImage(t, { class: 'tile small' })));
  const win = el('input', { id: 'win', size: 4, placeholder: 'e.g. 5p', 'aria-label': 'the winning tile' });
  const self = el('input', { type: 'checkbox', id: 'self-drawn' });
  const seat = el('select', { id: 'seat' }, [...'ESWN'].map((w) => el('option', { value: w }, w)));
  const round = el('select', { id: 'round' }, [...'ESWN'].map((w) => el('option', { value: w }, w)));
  const flowers = el('input', { type: 'number', id: 'flowers', min: 0, max: 8, value: 0 });
  const out = el('div', { class: 'score', 'aria-live': 'polite' });
  function add(t) {
    const m = mode.value;
    if (m === 'concealed') state.concealed.push(t);
    else if (m === 'exposed pung') state.melds.push(`[${t}${t}${t}]`.replace(/(\d)([mps])(\d)\2(\d)\2/, '$1$3$4$2'));
    else if (m === 'exposed kong') state.melds.push(`[${t}${t}${t}${t}]`.replace(/(\d)([mps])(\d)\2(\d)\2(\d)\2/, '$1$3$4$5$2'));
    else if (m === 'concealed kong') state.melds.push(`{${t}${t}${t}${t}}`.replace(/(\d)([mps])(\d)\2(\d)\2(\d)\2/, '$1$3$4$5$2'));
    else if (m === 'exposed chow' && /^[1-7][mps]$/.test(t)) state.melds.push(`[${+t[0]}${+t[0] + 1}${+t[0] + 2}${t[1]}]`);
    sync();
  }
  function sync() {
    text.value = [...state.melds, state.concealed.join(' ')].join(' ').trim();
    picked.innerHTML = '';
    picked.append(text.value);
  }
  async function score() {
    const situation = { rules: 'mcr', hand: text.value, win_tile: win.value.trim(), self_drawn: self.checked,
      seat_wind: seat.value, round_wind: round.value, bonus: Number(flowers.value) };
    const reply = await fetch('/api/score', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(situation) });
    const body = await reply.json();
    out.innerHTML = '';
    if (!reply.ok) { out.append(el('p', { class: 'error', role: 'alert' }, body.detail)); return; }
    out.append(el('p', {}, body.valid ? `Total: ${body.total}` : `Not valid: ${body.reason}`));
    const table = el('table', { class: 'breakdown' });
    for (const p of body.patterns) table.append(el('tr', {}, el('td', {}, p.name), el('td', {}, `${p.value} × ${p.count}`)));
    out.append(table, el('ul', {}, body.explain.map((line) => el('li', {}, line))));
  }
  root.append(el('p', {}, 'Add tiles as ', mode), palette, picked,
    el('p', {}, el('label', {}, 'Hand ', text), ' ', el('button', { type: 'button', onclick: () => { state.concealed = []; state.melds = []; sync(); } }, 'Clear')),
    el('p', {}, el('label', {}, 'Winning tile ', win), ' ', el('label', {}, self, ' self-drawn'), ' ',
      el('label', {}, 'seat ', seat), ' ', el('label', {}, 'round ', round), ' ', el('label', {}, 'flowers ', flowers)),
    el('button', { type: 'button', id: 'score', onclick: score }, 'Score'), out);
}
