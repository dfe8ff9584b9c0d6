// The standalone page: this remote's routes inside the ui providers, for running the remote alone.
import { mountStandaloneRemote } from '@yoman/ui/standalone';
import { remoteNamed } from '../../remotes.config.mjs';
import { routes } from './routes';

mountStandaloneRemote({ routes, menu: remoteNamed('mentor').menu });
