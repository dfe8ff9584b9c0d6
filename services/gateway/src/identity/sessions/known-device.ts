import { randomUUID } from 'node:crypto';
import type { Session } from '@fastify/secure-session';
import type { FastifyRequest } from 'fastify';
import { Duration } from 'luxon';

/**
 * The encrypted cookie that marks a browser which signed in before: a device id and the users who signed in
 * on it. It outlives sessions and logouts, and is sent to the login call only; a login from such a device is
 * throttled on its own (accounts/login-throttle.ts), so strangers' failures cannot lock its owner out.
 */
export const KNOWN_DEVICE_COOKIE = 'yoman_device';
export const KNOWN_DEVICE_LIFETIME = Duration.fromObject({ days: 365 });
export const KNOWN_DEVICE_PATH = '/api/login';
/** Users remembered per browser, newest first (a shared computer keeps a few). */
const MAX_USERS_PER_DEVICE = 5;

export interface KnownDeviceData {
  deviceId: string;
  userIds: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    knownDevice: Session<KnownDeviceData>;
  }
}

/** The device id when this browser signed in as the user before; undefined otherwise. */
export function knownDeviceIdOf(request: FastifyRequest, userId: string): string | undefined {
  const deviceId = request.knownDevice.get('deviceId');
  const userIds = request.knownDevice.get('userIds');
  return typeof deviceId === 'string' && Array.isArray(userIds) && userIds.includes(userId)
    ? deviceId
    : undefined;
}

/** Marks this browser as one the user signed in on (after a successful login or registration). */
export function rememberDevice(request: FastifyRequest, userId: string): void {
  const deviceId = request.knownDevice.get('deviceId');
  const userIds = request.knownDevice.get('userIds');
  const others = Array.isArray(userIds) ? userIds.filter((id) => id !== userId) : [];
  request.knownDevice.set('deviceId', typeof deviceId === 'string' ? deviceId : randomUUID());
  request.knownDevice.set('userIds', [userId, ...others].slice(0, MAX_USERS_PER_DEVICE));
}
