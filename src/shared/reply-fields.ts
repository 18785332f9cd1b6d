import { z } from 'zod';

/** A moment as every answer carries it: an ISO 8601 instant in UTC. */
export const isoInstant = z
  .string()
  .meta({ description: 'ISO 8601 instant', example: '2027-03-04T13:00:00.000Z' });
