import { MessageCircle } from 'lucide-react';
import { ComingSoon } from '@/components/layout/coming-soon';

/** Placeholder until this feature is built; routed so links and navigation work. */
export function LiveChatPage() {
  return (
    <ComingSoon
      title="Live Chat Support"
      description="Chat with the support team in real time."
      icon={<MessageCircle />}
      summary="Here you will chat live with the Holdfast support team."
    />
  );
}
