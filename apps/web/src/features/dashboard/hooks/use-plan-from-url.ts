import { isPremium, type PlanFeatures } from '@equilibrai/shared'
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'

/**
 * `/dashboard?plan=<plan_type>` (a visitor picked a paid plan on the landing page, then signed
 * in): start that plan's checkout once, as soon as the plans and the current plan are known,
 * and drop the parameter so a reload does not start it again.
 */
export function usePlanFromUrl({
  plans,
  currentPlanType,
  start,
}: {
  plans: PlanFeatures[] | undefined
  currentPlanType: string | undefined
  start: (plan: PlanFeatures) => void
}) {
  const [params, setParams] = useSearchParams()
  const planType = params.get('plan')
  const handled = useRef(false)

  useEffect(() => {
    if (!planType || handled.current || !plans || !currentPlanType) return
    handled.current = true
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        next.delete('plan')
        return next
      },
      { replace: true },
    )
    const plan = plans.find((p) => p.plan_type === planType)
    if (plan && isPremium(plan.plan_type) && plan.plan_type !== currentPlanType) start(plan)
  }, [planType, plans, currentPlanType, start, setParams])
}
