// <allin-odds>: live poker odds as a custom element. The public URL bloggers
// use (`<script type="module" src="…/allin-odds.js">`); the element itself is
// ui/allin-odds-element.js (in the built site, its minified bundle).
import './ui/allin-odds-element.js';
