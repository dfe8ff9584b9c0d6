// The journal remote's build: its name, folder and port are in remotes.config.mjs; what every remote's build
// does is in ui/federation-remote.mjs, beside the shared singletons.
import { remoteRspackConfig } from '../ui/federation-remote.mjs';

export default remoteRspackConfig({
  remoteName: 'journal',
  configUrl: import.meta.url,
  // The PDF report's documents are react-pdf elements, built with React itself (the page renders with Preact).
  ownReact: ['src/analytics/report'],
});
