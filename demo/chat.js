// Demo Chat: a local stand-in for an LLM chat site. No model, no network: the "assistant" shows back
// exactly what the site received, so a person can see what Veil let through, then "answers" with a made-up
// reply that repeats the names, places and numbers it got (Veil's stand-ins, when Veil replaced yours), so
// Veil's "read this answer in your words" has something to read back. The answer appears in pieces, as a
// real site streams one.
(() => {
  const form = document.getElementById('composer-form');
  const box = document.getElementById('prompt-textarea');
  const send = document.getElementById('send-button');
  const thread = document.getElementById('thread');

  const bubble = (role, text) => {
    const article = document.createElement('article');
    article.className = `message ${role}`;
    const p = document.createElement('p');
    p.textContent = text;
    article.append(p);
    thread.append(article);
    return article;
  };

  // Words a real assistant would repeat in its answer: capitalised words inside a sentence, numbers, Veil's
  // bracketed labels ("[Erkrankung]"). Up to six, each once.
  const namedIn = (text) => {
    const found = [];
    const pattern = /\[[^\]\n]{1,40}\]|\d[\d.,:/-]*\d|\d|(?<![.!?]\s|^)(?<=\s)\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)*/gu;
    for (const match of text.matchAll(pattern)) {
      const word = match[0];
      if (!found.includes(word) && found.length < 6) found.push(word);
    }
    return found;
  };

  const answerFor = (text) => {
    const named = namedIn(text);
    const about = named.length === 0 ? 'no names, places or numbers' : named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
    const quoted = text.length > 240 ? `${text.slice(0, 240)}…` : text;
    return `(A made-up answer: Demo Chat has no model.) Your message named ${about}. A real assistant would answer with the words it received, as I do here: “${quoted}”`;
  };

  // The answer appears a few words at a time, marked as streaming until it is whole.
  const stream = (reply, text) => {
    const answer = document.createElement('p');
    answer.className = 'answer';
    answer.dataset.streaming = 'true';
    reply.append(answer);
    const words = text.split(' ');
    let shown = 0;
    const step = () => {
      shown = Math.min(words.length, shown + 8);
      answer.textContent = words.slice(0, shown).join(' ');
      if (shown < words.length) setTimeout(step, 120);
      else delete answer.dataset.streaming;
    };
    step();
  };

  const update = () => {
    send.disabled = box.value.trim() === '';
  };

  const submit = () => {
    const text = box.value;
    if (text.trim() === '') return;
    bubble('user', text);
    box.value = '';
    update();
    const reply = bubble('assistant', `Demo Chat received ${text.length} characters. This is everything the site saw:`);
    const received = document.createElement('div');
    received.className = 'received';
    received.textContent = text;
    reply.append(received);
    stream(reply, answerFor(text));
    document.dispatchEvent(new CustomEvent('demo-chat:received', { detail: text }));
    reply.scrollIntoView({ block: 'end' });
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });
  box.addEventListener('input', update);
  box.addEventListener('keydown', (event) => {
    // Enter sends, Shift+Enter is a new line; never send while an input method is composing.
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      submit();
    }
  });
  update();

  // Tell the truth about Veil here. Veil's site adapter (when there is one for this page) marks the page
  // with data-veil-adapter; without it, Veil is not acting and a send goes out exactly as typed.
  const state = document.getElementById('veil-state');
  const showVeilState = () => {
    const adapter = document.documentElement.dataset.veilAdapter;
    state.classList.toggle('active', Boolean(adapter));
    state.textContent = adapter
      ? `Veil is on for this page (${adapter}): when you send, it shows you the release to review first, and only what you approve is sent.`
      : 'Veil is not acting on this page (it is not installed here, or it is switched off for Demo Chat), so what you send here is exactly what you type.';
  };
  new MutationObserver(showVeilState).observe(document.documentElement, { attributes: true, attributeFilter: ['data-veil-adapter'] });
  showVeilState();
})();
