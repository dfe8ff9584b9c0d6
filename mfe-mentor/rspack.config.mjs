// The mentor remote's build: its name, folder and port are in remotes.config.mjs; what every remote's build
// does is in ui/federation-remote.mjs, beside the shared singletons.
import { remoteRspackConfig } from '../ui/federation-remote.mjs';

export default remoteRspackConfig({ remoteName: 'mentor', configUrl: import.meta.url });
