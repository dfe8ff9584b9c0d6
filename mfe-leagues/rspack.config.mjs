// The leagues remote's build: one port, one output folder; what every remote's build does is in
// ui/federation-remote.mjs, beside the shared singletons.
import { remoteRspackConfig } from '../ui/federation-remote.mjs';

export default remoteRspackConfig({ remoteName: 'leagues', devPort: 3102, configUrl: import.meta.url });
