/** The monitoring answers as the contract types them. */
import type { components } from '../../api/schema.gen';

export type QueueJob = components['schemas']['QueueJob'];
export type QueueInfo = components['schemas']['QueueInfo'];
export type CronQueueInfo = components['schemas']['CronQueueInfo'];
export type MonitoringDashboard = components['schemas']['MonitoringDashboard'];
export type OrderMonitoring = components['schemas']['OrderMonitoring'];
export type OrderEvent = components['schemas']['OrderEvent'];
export type JobListStatus = 'waiting' | 'active' | 'completed' | 'failed' | 'delayed';
