import { z } from 'zod'
import { PLAN_TYPES } from './plans.ts'

export const planTypeSchema = z.enum(PLAN_TYPES)
