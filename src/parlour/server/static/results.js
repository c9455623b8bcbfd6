// Results: upload a simulation's rows (hands.parquet, games.parquet or JSON) and show the
// figures the server draws of them (SVG); the file is drawn, not kept.
import { el } from '/static/mahjong.js';

function show(root, figures) {
  root.replaceChildren();
  for (const f of figures) {
    const doc = new DOMParser().parseFromString(f.svg, 'image/svg+xml');
    const svg = doc.documentElement;
    if (svg.nodeName !== 'svg') continue;
    root.append(el('figure', { class: 'plot', id: `plot-${f.name}` },
      document.importNode(svg, true), el('figcaption', {}, f.caption)));
  }
}

export function results() {
  const form = document.getElementById('upload');
  const file = document.getElementById('file');
  const problem = document.getElementById('upload-problem');
  const title = document.getElementById('results-title');
  const root = document.getElementById('figures');
  const button = document.getElementById('draw');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    problem.hidden = true;
    const chosen = file.files[0];
    if (!chosen) return;
    const json = chosen.name.endsWith('.json');
    button.disabled = true;
    title.textContent = 'Drawing…';
    try {
      const reply = await fetch('/api/results', {
        method: 'POST',
        headers: { 'content-type': json ? 'application/json' : 'application/octet-stream' },
        body: chosen,
      });
      let data = null;
      try { data = await reply.json(); } catch { data = null; }
      if (!reply.ok) {
        title.textContent = '';
        problem.textContent = (data && data.detail) || `the server answered ${reply.status}`;
        problem.hidden = false;
        return;
      }
      title.textContent = data.title;
      show(root, data.figures);
    } catch (err) {
      title.textContent = '';
      problem.textContent = `the file could not be sent: ${err}`;
      problem.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
}
