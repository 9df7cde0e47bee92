// Demo Chat: a local stand-in for an LLM chat site. No model, no network: the "assistant" shows back
// exactly what the site received, so a person can see what Veil let through.
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
