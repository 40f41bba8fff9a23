// `npm run bench`: every benchmark in turn. Each prints its own figures.
import './inbox-page.ts';
