import { Link } from 'wouter';
import { Headphones, ShieldAlert } from 'lucide-react';
import { isStaff } from '@holdfast/contracts';
import { AccessDenied } from '@/components/access-denied';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUser } from '@/lib/auth';
import { LiveChatInbox } from '../components/live-chat-inbox';
import { SupportChatsTab } from '../components/support-chats-tab';

/** The staff console (/support-console): support chats and live chats, for moderators and admins. */
export function SupportConsolePage() {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner message="Loading support console..." />;
  if (!user) return <AccessDenied description="Please log in to access the support console." />;
  if (!isStaff(user.role)) {
    return (
      <NoticeCard
        icon={<ShieldAlert />}
        tone="danger"
        title="Access Denied"
        description="Only moderators and admins can access the support console."
        asPageTitle
        className="mt-8"
      >
        <Button asChild>
          <Link href="/support">Go to Support Center</Link>
        </Button>
      </NoticeCard>
    );
  }
  return (
    <>
      <PageHeader
        title="Support Console"
        description="Answer customers' support chats and live chats."
        icon={<Headphones />}
      />
      <Tabs defaultValue="support-chats">
        <TabsList>
          <TabsTrigger value="support-chats">Support Chats</TabsTrigger>
          <TabsTrigger value="live-chat">Live Chat</TabsTrigger>
        </TabsList>
        <TabsContent value="support-chats">
          <SupportChatsTab user={user} />
        </TabsContent>
        <TabsContent value="live-chat">
          <LiveChatInbox />
        </TabsContent>
      </Tabs>
    </>
  );
}
