import { render } from 'preact';
render(<main><h1>Veil</h1></main>, document.getElementById('app')!);
