// main.js is only the bundler's runtime: the bootstrap chunk and its libraries, which index.html preloads
// beside it, change more often and cache apart from it.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
