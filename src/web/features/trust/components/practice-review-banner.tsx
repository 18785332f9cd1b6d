import { practiceReviewNotice } from '@shared/trust/practice-review-constants';
import { useOwnPracticeReview } from '../api/practice-review';

/**
 * What a practice that ChairFill has not verified yet (or rejected) reads at the top of its
 * dashboard and staffing requests: why its shifts reach nobody. Nothing once verified.
 */
export function PracticeReviewBanner() {
  const review = useOwnPracticeReview();
  const notice = review.data ? practiceReviewNotice(review.data.status, review.data.reason) : null;
  if (!notice) return null;
  const rejected = review.data?.status === 'rejected';
  return (
    <div
      role="status"
      className={`rounded-lg border px-4 py-3 text-sm ${rejected ? 'border-red-300 bg-red-50 text-red-900' : 'border-amber-300 bg-amber-50 text-amber-950'}`}
    >
      <p className="font-semibold">{notice.title}</p>
      <p className="mt-1">{notice.body}</p>
    </div>
  );
}
