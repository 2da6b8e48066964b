/**
 * `npm run jp -- <command>`: the operator CLI on this machine, journal and user commands together,
 * against the local servers (or MONGO_URL / MONGO_DB / REDIS_URL / REDIS_PREFIX when set).
 */
import { cliMain } from '@journal/server-kit';
import { contentCliCommands } from '../services/content/src/cli/journal-cli';
import { authCliCommands } from '../services/auth/src/cli/user-cli';
import { serverEnv } from './stack';

Object.assign(process.env, { ...serverEnv(), ...process.env });
void cliMain((res) => [...contentCliCommands(res), ...authCliCommands(res)]);
