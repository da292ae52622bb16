import type { SeedArticle, SeedCategory, SeedReview, SeedTool } from "./types";

/** Demo content: real, well-known AI tools described in our own words (facts only). */

export const categories: SeedCategory[] = [
  ["chatbots", "Chatbots & Assistants", "General-purpose AI assistants that chat, answer questions, write and reason."],
  ["writing", "Writing", "AI writing assistants for copy, editing, grammar and long-form content."],
  ["image-generation", "Image Generation", "Create images, illustrations and art from text prompts."],
  ["video", "Video", "Generate, edit and repurpose video with AI avatars, effects and clips."],
  ["audio-voice", "Audio & Voice", "Text to speech, voice cloning, transcription and audio clean-up."],
  ["coding", "Coding", "AI pair programmers, code completion and app builders."],
  ["productivity", "Productivity", "Meeting notes, workspace assistants and everyday automation."],
  ["research", "Research & Search", "AI search engines and research assistants that cite their sources."],
  ["design", "Design", "AI features for graphic design, presentations, websites and photo editing."],
  ["marketing-seo", "Marketing & SEO", "Plan, write and optimise marketing content and search rankings."],
  ["data-analytics", "Data & Analytics", "Ask questions of your data, build charts and analyse spreadsheets."],
  ["music", "Music", "Compose songs, soundtracks and background music with AI."],
  ["education", "Education", "Tutors and learning companions powered by AI."],
].map(([slug, name, description]) => ({
  slug: slug as string,
  name: name as string,
  description: description as string,
  long_form_content: `## Choosing ${name} AI tools\n\n${description} The tools below are ranked by featured placement and by how often members save them.\n\nWhen you compare them, look at:\n\n- **Pricing**: free, freemium, paid or a free trial\n- **Output quality** on your own examples\n- **Integrations** with the apps you already use\n- **Data policy**: how your inputs are stored and used`,
  faq: [
    { question: `What are ${name} AI tools?`, answer: `${description}` },
    {
      question: `Are there free ${name} tools?`,
      answer: "Yes. Use the Filter by Pricing box to show only free or freemium tools.",
    },
    {
      question: "How are these tools ranked?",
      answer: "Featured tools come first, then the tools members save most often.",
    },
  ],
}));

type Row = [
  name: string,
  url: string,
  category: string,
  pricing: SeedTool["pricing_type"],
  about: string,
  pros: string,
  cons: string,
];

const rows: Row[] = [
  [
    "ChatGPT",
    "https://chatgpt.com",
    "chatbots",
    "freemium",
    "OpenAI's conversational assistant for writing, analysis, coding and brainstorming, with file uploads, image understanding and voice conversations.",
    "Very versatile|Strong writing and coding help|Voice and image input",
    "Best models need a paid plan",
  ],
  [
    "Claude",
    "https://claude.ai",
    "chatbots",
    "freemium",
    "Anthropic's assistant, known for careful long-form writing, large document analysis and strong coding help, with Projects to keep context together.",
    "Handles very long documents|Natural writing style|Strong at code",
    "Usage limits on the free plan",
  ],
  [
    "Gemini",
    "https://gemini.google.com",
    "chatbots",
    "freemium",
    "Google's AI assistant, connected to Search and Google Workspace, that answers questions, drafts text and works with images.",
    "Integrates with Google apps|Fast answers|Multimodal input",
    "Advanced features need Google One AI Premium",
  ],
  [
    "Microsoft Copilot",
    "https://copilot.microsoft.com",
    "chatbots",
    "freemium",
    "Microsoft's assistant for chat, web answers with citations and image creation, also built into Windows, Edge and Microsoft 365.",
    "Free web access|Cites sources|Built into Windows",
    "Microsoft 365 features cost extra",
  ],
  [
    "Mistral Le Chat",
    "https://chat.mistral.ai",
    "chatbots",
    "freemium",
    "Mistral AI's chat assistant with fast responses, web search, document upload and a canvas for editing text and code.",
    "Very fast responses|European provider|Generous free tier",
    "Smaller ecosystem of integrations",
  ],
  [
    "Poe",
    "https://poe.com",
    "chatbots",
    "freemium",
    "Quora's platform for chatting with many AI models from different providers in one app, including custom bots built by users.",
    "Many models in one place|Create custom bots",
    "Daily points limit models you can use",
  ],
  [
    "Character.AI",
    "https://character.ai",
    "chatbots",
    "freemium",
    "A platform for conversations with user-created AI characters, from historical figures to original personas, for fun and practice.",
    "Huge library of characters|Engaging conversations",
    "Not meant for factual research",
  ],
  [
    "Meta AI",
    "https://www.meta.ai",
    "chatbots",
    "free",
    "Meta's assistant available on the web and inside WhatsApp, Instagram and Messenger for questions, writing and image generation.",
    "Free to use|Available in messaging apps",
    "Availability varies by country",
  ],
  [
    "Grammarly",
    "https://www.grammarly.com",
    "writing",
    "freemium",
    "A writing assistant that checks grammar, clarity and tone across the browser and desktop apps, with generative AI for rewrites.",
    "Works almost everywhere you type|Clear suggestions",
    "Advanced tone and rewrite tools are paid",
  ],
  [
    "Jasper",
    "https://www.jasper.ai",
    "writing",
    "free trial",
    "An AI content platform for marketing teams with brand voice, templates and campaigns to produce on-brand copy at scale.",
    "Brand voice controls|Team workflows|Many templates",
    "Expensive for individuals",
  ],
  [
    "Copy.ai",
    "https://www.copy.ai",
    "writing",
    "freemium",
    "AI workflows for go-to-market teams that write sales emails, marketing copy and research prospects automatically.",
    "Workflow automation|Good for sales teams",
    "Output needs editing for long-form",
  ],
  [
    "Writesonic",
    "https://writesonic.com",
    "writing",
    "freemium",
    "An AI writer for blog articles, ads and product descriptions, with SEO features and a chatbot builder.",
    "Fast article drafts|SEO features included",
    "Credits run out quickly",
  ],
  [
    "QuillBot",
    "https://quillbot.com",
    "writing",
    "freemium",
    "A paraphrasing and summarising tool with grammar checking, citation generation and translation, popular with students.",
    "Excellent paraphraser|Affordable premium",
    "Free plan limits word count",
  ],
  [
    "Sudowrite",
    "https://www.sudowrite.com",
    "writing",
    "free trial",
    "An AI writing partner for fiction authors that helps describe scenes, brainstorm plot twists and draft chapters in the author's style.",
    "Built for novelists|Story planning tools",
    "Not aimed at business writing",
  ],
  [
    "Midjourney",
    "https://www.midjourney.com",
    "image-generation",
    "paid",
    "An image generator known for striking, artistic results, used through its web app and Discord, with style references and upscaling.",
    "Beautiful aesthetic quality|Strong style control",
    "No free plan",
  ],
  [
    "DALL·E 3",
    "https://openai.com/index/dall-e-3",
    "image-generation",
    "freemium",
    "OpenAI's image model that follows detailed prompts closely and renders readable text, available inside ChatGPT.",
    "Follows prompts precisely|Works inside ChatGPT",
    "Less control than dedicated tools",
  ],
  [
    "Stable Diffusion",
    "https://stability.ai",
    "image-generation",
    "free",
    "Stability AI's open image models that you can run locally or in the cloud, with a large community of fine-tuned models.",
    "Open weights|Runs on your own hardware|Huge community",
    "Local setup needs a good GPU",
  ],
  [
    "Leonardo.Ai",
    "https://leonardo.ai",
    "image-generation",
    "freemium",
    "An image generation platform for game assets, concept art and marketing visuals, with fine-tuned models and a real-time canvas.",
    "Many specialised models|Daily free tokens",
    "Interface has a learning curve",
  ],
  [
    "Adobe Firefly",
    "https://firefly.adobe.com",
    "image-generation",
    "freemium",
    "Adobe's family of generative models for images and effects, trained on licensed content and built into Photoshop and Express.",
    "Commercially safe training data|Built into Adobe apps",
    "Generative credits are limited",
  ],
  [
    "Ideogram",
    "https://ideogram.ai",
    "image-generation",
    "freemium",
    "An image generator that excels at typography, logos and posters, rendering text inside images reliably.",
    "Great text rendering|Free daily generations",
    "Fewer editing tools",
  ],
  [
    "Runway",
    "https://runwayml.com",
    "video",
    "freemium",
    "A creative suite for AI video generation and editing, with text-to-video, image-to-video and tools for motion and green screen.",
    "State-of-the-art video models|Pro editing tools",
    "Credits are consumed quickly",
  ],
  [
    "Pika",
    "https://pika.art",
    "video",
    "freemium",
    "A text-to-video and image-to-video tool for short, stylised clips with effects that add motion to photos.",
    "Fun effects|Easy to use",
    "Short clip length",
  ],
  [
    "Synthesia",
    "https://www.synthesia.io",
    "video",
    "paid",
    "Create training and marketing videos with AI avatars that speak more than 140 languages, from a script.",
    "Realistic avatars|Many languages|No camera needed",
    "Avatars can feel formal",
  ],
  [
    "HeyGen",
    "https://www.heygen.com",
    "video",
    "freemium",
    "An AI video platform for avatar videos, video translation with lip sync and personalised video at scale.",
    "Excellent video translation|Custom avatars",
    "Best features on higher plans",
  ],
  [
    "Luma Dream Machine",
    "https://lumalabs.ai/dream-machine",
    "video",
    "freemium",
    "Luma AI's video generator that turns text and images into realistic, cinematic clips with natural motion.",
    "Realistic motion|Image-to-video",
    "Queue times on the free plan",
  ],
  [
    "Kling AI",
    "https://klingai.com",
    "video",
    "freemium",
    "A video generation model from Kuaishou that produces longer, high-quality clips from text or images.",
    "Long coherent clips|Strong physics",
    "Generation can be slow",
  ],
  [
    "CapCut",
    "https://www.capcut.com",
    "video",
    "freemium",
    "A video editor for social media with AI captions, background removal, templates and text-to-speech.",
    "Great for short-form video|Auto captions",
    "Some effects require Pro",
  ],
  [
    "OpusClip",
    "https://www.opus.pro",
    "video",
    "freemium",
    "Turns long videos into short viral clips automatically, with captions, reframing and a virality score.",
    "Saves hours of editing|Auto reframing",
    "Clip choices need review",
  ],
  [
    "ElevenLabs",
    "https://elevenlabs.io",
    "audio-voice",
    "freemium",
    "Lifelike text to speech and voice cloning in many languages, plus dubbing, sound effects and conversational voice agents.",
    "Very natural voices|Voice cloning|Dubbing",
    "Character limits on cheaper plans",
  ],
  [
    "Descript",
    "https://www.descript.com",
    "audio-voice",
    "freemium",
    "Edit audio and video by editing the transcript, with filler-word removal, Studio Sound and an AI voice clone.",
    "Edit video like a document|Great audio clean-up",
    "Heavy for long projects",
  ],
  [
    "Murf AI",
    "https://murf.ai",
    "audio-voice",
    "freemium",
    "A studio for AI voiceovers with many voices and languages, timing controls and sync to video or slides.",
    "Easy voiceover studio|Good voice variety",
    "Free plan cannot download",
  ],
  [
    "Krisp",
    "https://krisp.ai",
    "audio-voice",
    "freemium",
    "AI noise cancellation for calls that removes background noise and echo, plus meeting transcripts and notes.",
    "Works with any call app|Excellent noise removal",
    "Free minutes are limited",
  ],
  [
    "Adobe Podcast",
    "https://podcast.adobe.com",
    "audio-voice",
    "freemium",
    "Adobe's web tools for spoken audio, including Enhance Speech, which makes recordings sound studio quality.",
    "One-click speech enhancement|Runs in the browser",
    "Limited editing features",
  ],
  [
    "GitHub Copilot",
    "https://github.com/features/copilot",
    "coding",
    "freemium",
    "An AI pair programmer in your editor that completes code, answers questions in chat and can make changes across files.",
    "Deep editor integration|Works in many languages",
    "Suggestions still need review",
  ],
  [
    "Cursor",
    "https://cursor.com",
    "coding",
    "freemium",
    "An AI-first code editor that understands your codebase and can edit several files from a single instruction.",
    "Codebase-aware chat|Fast multi-file edits",
    "Best models need a subscription",
  ],
  [
    "Tabnine",
    "https://www.tabnine.com",
    "coding",
    "paid",
    "AI code completion and chat focused on privacy, with options to run in your own environment.",
    "Private deployment options|Enterprise controls",
    "Less capable than some rivals",
  ],
  [
    "Replit",
    "https://replit.com",
    "coding",
    "freemium",
    "A browser-based development environment with an AI agent that builds and deploys apps from a description.",
    "Build and deploy in one place|No local setup",
    "Agent usage is billed",
  ],
  [
    "Windsurf",
    "https://windsurf.com",
    "coding",
    "freemium",
    "An AI code editor with an agent that plans and carries out multi-step changes across a project.",
    "Capable agent mode|Free tier available",
    "Still maturing",
  ],
  [
    "v0",
    "https://v0.app",
    "coding",
    "freemium",
    "Vercel's generative UI tool that turns prompts into React and Tailwind components and full web apps.",
    "Great UI scaffolding|One-click deploy",
    "Focused on the React ecosystem",
  ],
  [
    "Bolt.new",
    "https://bolt.new",
    "coding",
    "freemium",
    "Build, run and deploy full-stack web apps from a prompt in the browser, powered by StackBlitz WebContainers.",
    "Runs everything in the browser|Fast prototypes",
    "Token usage adds up",
  ],
  [
    "Lovable",
    "https://lovable.dev",
    "coding",
    "freemium",
    "An AI app builder that creates working web apps with a database and authentication from a conversation.",
    "Full-stack apps from chat|Good for non-developers",
    "Complex apps need hand-editing",
  ],
  [
    "Notion AI",
    "https://www.notion.com/product/ai",
    "productivity",
    "paid",
    "AI built into Notion that writes, summarises and answers questions across your workspace and connected apps.",
    "Knows your workspace|Good meeting notes",
    "Requires a Business plan",
  ],
  [
    "Otter.ai",
    "https://otter.ai",
    "productivity",
    "freemium",
    "Records and transcribes meetings in real time, then writes summaries and action items you can search later.",
    "Accurate live transcription|Joins calls automatically",
    "Free plan caps minutes",
  ],
  [
    "Fireflies.ai",
    "https://fireflies.ai",
    "productivity",
    "freemium",
    "An AI meeting assistant that records, transcribes and summarises calls and syncs notes to your CRM.",
    "Many integrations|Searchable meeting library",
    "Bot joining calls can surprise guests",
  ],
  [
    "Mem",
    "https://get.mem.ai",
    "productivity",
    "freemium",
    "An AI note-taking app that organises notes automatically and lets you chat with everything you have saved.",
    "Automatic organisation|Chat with your notes",
    "Smaller feature set than big suites",
  ],
  [
    "Reclaim.ai",
    "https://reclaim.ai",
    "productivity",
    "freemium",
    "AI scheduling that protects time for tasks, habits and breaks on your Google or Outlook calendar.",
    "Smart calendar blocking|Team scheduling links",
    "Works best for calendar-heavy users",
  ],
  [
    "Perplexity",
    "https://www.perplexity.ai",
    "research",
    "freemium",
    "An AI answer engine that searches the web and replies with cited sources, with follow-up questions and deep research.",
    "Cites sources|Fast research|Follow-up questions",
    "Pro search limited on free plan",
  ],
  [
    "Elicit",
    "https://elicit.com",
    "research",
    "freemium",
    "A research assistant that finds academic papers, extracts data from them and summarises findings.",
    "Great for literature reviews|Data extraction tables",
    "Focused on academic sources",
  ],
  [
    "Consensus",
    "https://consensus.app",
    "research",
    "freemium",
    "An AI search engine for scientific research that answers questions from peer-reviewed papers.",
    "Evidence from papers|Consensus meter",
    "Limited to research questions",
  ],
  [
    "Phind",
    "https://www.phind.com",
    "research",
    "freemium",
    "An AI search engine for developers that answers technical questions with code and sources.",
    "Developer focused answers|Cites documentation",
    "Less useful outside tech topics",
  ],
  [
    "NotebookLM",
    "https://notebooklm.google.com",
    "research",
    "free",
    "Google's research notebook that answers questions grounded in your own documents and can create audio overviews.",
    "Answers only from your sources|Audio overviews",
    "Limited export options",
  ],
  [
    "Canva Magic Studio",
    "https://www.canva.com/magic",
    "design",
    "freemium",
    "AI features in Canva for generating designs, images and text, resizing, and editing photos with Magic Edit.",
    "Easy for non-designers|Huge template library",
    "Best features need Canva Pro",
  ],
  [
    "Figma AI",
    "https://www.figma.com/ai",
    "design",
    "paid",
    "AI features inside Figma that generate first drafts, rename layers, find designs and prototype faster.",
    "Built into Figma|Speeds up routine work",
    "Requires a paid Figma seat",
  ],
  [
    "Framer",
    "https://www.framer.com",
    "design",
    "freemium",
    "A website builder with AI that generates pages and copy, then lets you design and publish visually.",
    "Beautiful sites quickly|Publishing built in",
    "Custom domains need a plan",
  ],
  [
    "Gamma",
    "https://gamma.app",
    "design",
    "freemium",
    "Creates presentations, documents and web pages from a prompt, with editable layouts and themes.",
    "Fast polished decks|Flexible card layouts",
    "Exports can shift formatting",
  ],
  [
    "Beautiful.ai",
    "https://www.beautiful.ai",
    "design",
    "free trial",
    "A presentation tool with smart templates that keep slides on brand and laid out automatically as you edit.",
    "Slides stay well designed|Team branding",
    "No permanent free plan",
  ],
  [
    "Photoroom",
    "https://www.photoroom.com",
    "design",
    "freemium",
    "A photo editor for product pictures that removes backgrounds and generates studio-style scenes.",
    "Great for e-commerce|Batch editing",
    "Watermark on free exports",
  ],
  [
    "remove.bg",
    "https://www.remove.bg",
    "design",
    "freemium",
    "Removes image backgrounds automatically in seconds, via the web, desktop apps or an API.",
    "Very fast and accurate|API available",
    "Full resolution costs credits",
  ],
  [
    "Surfer SEO",
    "https://surferseo.com",
    "marketing-seo",
    "paid",
    "An SEO content tool that scores your writing against top-ranking pages and helps plan and write optimised articles.",
    "Clear on-page guidance|Content planner",
    "Subscription is pricey",
  ],
  [
    "Semrush Copilot",
    "https://www.semrush.com",
    "marketing-seo",
    "free trial",
    "AI recommendations inside Semrush that highlight SEO issues and opportunities across your projects.",
    "Built on rich SEO data|Actionable alerts",
    "Needs a Semrush subscription",
  ],
  [
    "AdCreative.ai",
    "https://www.adcreative.ai",
    "marketing-seo",
    "free trial",
    "Generates ad creatives, headlines and product shots scored for conversion potential across ad platforms.",
    "Many ad variations quickly|Performance scoring",
    "Designs can look similar",
  ],
  [
    "Julius AI",
    "https://julius.ai",
    "data-analytics",
    "freemium",
    "Chat with your spreadsheets and data files to run analyses, build charts and explain results.",
    "No code needed|Good charts",
    "Large files need a paid plan",
  ],
  [
    "Rows",
    "https://rows.com",
    "data-analytics",
    "freemium",
    "A spreadsheet with built-in AI that analyses, summarises and transforms data, plus live integrations.",
    "AI inside the spreadsheet|Many data connectors",
    "Smaller community than Excel",
  ],
  [
    "Akkio",
    "https://www.akkio.com",
    "data-analytics",
    "paid",
    "AI analytics for agencies that builds predictive models, reports and dashboards from business data without code.",
    "No-code predictions|Agency reporting",
    "Aimed at businesses, not individuals",
  ],
  [
    "Suno",
    "https://suno.com",
    "music",
    "freemium",
    "Creates full songs with vocals and instruments from a text description or your own lyrics.",
    "Complete songs in seconds|Many genres",
    "Commercial use needs a paid plan",
  ],
  [
    "Udio",
    "https://www.udio.com",
    "music",
    "freemium",
    "An AI music generator that produces high-fidelity tracks with vocals and lets you extend and remix them.",
    "High audio quality|Extend and remix",
    "Limited free credits",
  ],
  [
    "AIVA",
    "https://www.aiva.ai",
    "music",
    "freemium",
    "An AI composer for soundtracks and background music in many styles, with editable MIDI output.",
    "Editable compositions|Good for soundtracks",
    "Copyright ownership only on Pro",
  ],
  [
    "Khanmigo",
    "https://www.khanmigo.ai",
    "education",
    "freemium",
    "Khan Academy's AI tutor and teaching assistant that guides students to answers instead of giving them away.",
    "Pedagogy-first tutoring|Free for teachers",
    "Student access is paid in some regions",
  ],
  [
    "Duolingo Max",
    "https://www.duolingo.com/max",
    "education",
    "paid",
    "Duolingo's premium tier with AI features that explain answers and let you practise conversations.",
    "Conversation practice|Explains mistakes",
    "Only some languages supported",
  ],
  [
    "Speechify",
    "https://speechify.com",
    "education",
    "freemium",
    "Reads documents, web pages and books aloud with natural voices, helping people learn and read faster.",
    "Natural voices|Works across devices",
    "Best voices are premium",
  ],
  [
    "DeepL",
    "https://www.deepl.com",
    "writing",
    "freemium",
    "A translator known for accurate, natural translations, with a writing assistant and document translation.",
    "Very natural translations|Translates whole documents",
    "Fewer languages than some rivals",
  ],
];

// No videos: official video ids could not be verified offline, and a wrong one would be a wrong fact.
const screenshots = [
  "ChatGPT",
  "Claude",
  "Midjourney",
  "Canva Magic Studio",
  "Perplexity",
  "Notion AI",
  "ElevenLabs",
  "Cursor",
];
const affiliates = new Set(["Jasper", "Surfer SEO", "Writesonic", "Synthesia", "Murf AI"]);

export const tools: SeedTool[] = rows.map(([name, url, category, pricing, about, pros, cons]) => {
  const free =
    pricing === "free"
      ? "Yes, it is free to use."
      : pricing === "freemium"
        ? "Yes, there is a free plan with limits; paid plans unlock more."
        : pricing === "free trial"
          ? "You can start with a free trial; after that it is paid."
          : "No, it is a paid product.";
  const tool: SeedTool = {
    name,
    description: `${about}\n\n**Good to know**\n\n- Pricing: ${pricing}\n- Website: [${new URL(url).hostname}](${url})`,
    website_url: url,
    category,
    pricing_type: pricing,
    pros: pros.split("|"),
    cons: cons.split("|"),
    faq: [
      { question: `Is ${name} free?`, answer: free },
      { question: `What is ${name} best for?`, answer: about.split(/[,.]/)[0] ?? about },
      {
        question: `Does ${name} work in the browser?`,
        answer: `Yes, ${name} can be used from ${new URL(url).hostname}.`,
      },
    ],
  };
  if (screenshots.includes(name)) {
    const label = name.replace(/\s+/g, "+");
    tool.screenshots = [
      { url: `https://placehold.co/1280x720/png?text=${label}+main+view`, alt_text: `${name} main view` },
      { url: `https://placehold.co/1280x720/png?text=${label}+settings`, alt_text: `${name} settings` },
    ];
  }
  if (affiliates.has(name)) tool.affiliate_link = `${url}${url.includes("?") ? "&" : "?"}ref=aitoolsdirectory`;
  return tool;
});

const COMMENTS: Record<number, string[]> = {
  5: [
    "Saves me hours every week.",
    "Best tool I've tried in this category.",
    "Excellent quality and easy to start with.",
    "Our whole team uses it daily now.",
  ],
  4: [
    "Very good, with a few rough edges.",
    "Great results once you learn the prompts.",
    "Solid tool, the pricing could be clearer.",
    "Does what it promises, support was helpful.",
  ],
  3: [
    "Useful, but the free plan is quite limited.",
    "Decent results, needs a lot of editing.",
    "Good idea, the interface feels slow.",
  ],
  2: ["Output quality was inconsistent for my use.", "Too expensive for what I needed."],
  1: ["Could not get it to work for my project."],
};

/** About 120 reviews over 40 tools, deterministic. */
export const reviews: SeedReview[] = tools.slice(0, 40).flatMap((tool, i) => {
  const count = 2 + (i % 2);
  return Array.from({ length: count }, (_, k) => {
    const pattern = [5, 4, 5, 3, 4, 5, 2, 4, 5, 1, 4, 3] as const;
    const rating = pattern[(i * 3 + k) % pattern.length] ?? 4;
    const pool = COMMENTS[rating] ?? [];
    return { tool: tool.name, rating, comment: pool[(i + k) % pool.length] ?? "" };
  });
});

export const articles: SeedArticle[] = [
  {
    slug: "how-to-choose-an-ai-writing-assistant",
    title: "How to Choose an AI Writing Assistant",
    excerpt:
      "What to compare before you pick a writing assistant: output quality, voice control, integrations, privacy and price.",
    meta_title: "How to Choose an AI Writing Assistant",
    meta_description:
      "A practical checklist for comparing AI writing assistants: quality, brand voice, integrations, privacy and pricing.",
    status: "published",
    published_at: "2026-06-12T09:00:00.000Z",
    content: `AI writing assistants range from grammar checkers to full content platforms. The right choice depends less on the model behind it and more on the work you actually do.

## Start from your real tasks

Write down the three pieces of writing you produce most often: sales emails, blog posts, product descriptions, essays. Then test each candidate on exactly those tasks, using your own examples. A tool that shines at tweets may struggle with a 2,000-word guide.

## What to compare

- **Quality on your examples**, not on the vendor's demo
- **Voice control**: can it learn your brand's tone? [Jasper](/tool/jasper) and [Writesonic](/tool/writesonic) offer brand voice features
- **Editing help**: [Grammarly](/tool/grammarly) and [QuillBot](/tool/quillbot) focus on improving what you wrote
- **Integrations**: does it work in your docs, email and CMS?
- **Privacy**: how are your drafts stored and used for training?

## General assistants or specialists?

General assistants such as [ChatGPT](/tool/chatgpt) and [Claude](/tool/claude) handle almost any writing task and are a good first step. Specialist tools add templates, workflows and team features that save time once you write at volume.

## A simple test plan

1. Pick two general assistants and one specialist.
2. Give each the same brief and source material.
3. Time how long it takes you to get a publishable draft.
4. Keep the one that needs the least editing.

The best assistant is the one that fits into how you already work. Start free, measure, and upgrade only when the time saved is clear.`,
  },
  {
    slug: "the-best-free-ai-image-generators",
    title: "The Best Free AI Image Generators",
    excerpt: "Free ways to create images with AI, what each does best, and the limits of their free plans.",
    meta_title: "The Best Free AI Image Generators",
    meta_description: "Compare free AI image generators: what each does best, free plan limits and when to upgrade.",
    status: "published",
    published_at: "2026-07-03T09:00:00.000Z",
    content: `You can create impressive images with AI without paying anything. Each free option has a different strength.

## Quick picks

- **Typography and posters**: [Ideogram](/tool/ideogram) renders text inside images reliably.
- **Game and concept art**: [Leonardo.Ai](/tool/leonardo-ai) gives daily free tokens and many specialised models.
- **Run it yourself**: [Stable Diffusion](/tool/stable-diffusion) models are open and run on your own GPU.
- **Inside a chat**: [DALL·E 3](/tool/dall-e-3) works inside ChatGPT and follows detailed prompts closely.

## What free plans usually limit

Free plans cap the number of images per day, the resolution, or commercial use. Read the licence before using images in client work. [Adobe Firefly](/tool/adobe-firefly) is trained on licensed content, which matters for commercial projects.

## Writing better prompts

Describe the subject, the setting, the style and the lighting. Add a camera or art reference if you want a specific look. Generate several variations and refine the best one rather than starting over.

## When to pay

Upgrade when you need higher resolution, private generations, faster queues or clear commercial rights. [Midjourney](/tool/midjourney) has no free plan but remains a favourite for its aesthetic quality.`,
  },
  {
    slug: "ai-coding-assistants-compared",
    title: "AI Coding Assistants Compared",
    excerpt:
      "Editor plugins, AI-first editors and app builders: how today's coding assistants differ and who each is for.",
    meta_title: "AI Coding Assistants Compared",
    meta_description:
      "GitHub Copilot, Cursor, Windsurf, Replit, v0 and more: how AI coding assistants differ and who each suits.",
    status: "published",
    published_at: "2026-08-20T09:00:00.000Z",
    content: `AI coding tools now fall into three groups, and the right one depends on who is coding.

## Assistants in your editor

[GitHub Copilot](/tool/github-copilot) and [Tabnine](/tool/tabnine) plug into the editor you already use. They complete code as you type and answer questions in a chat panel. Tabnine emphasises private deployment for companies with strict data rules.

## AI-first editors

[Cursor](/tool/cursor) and [Windsurf](/tool/windsurf) are editors built around AI. They index your codebase and can change many files from one instruction, which makes refactors and new features much faster.

## App builders

[Replit](/tool/replit), [Bolt.new](/tool/bolt-new), [Lovable](/tool/lovable) and [v0](/tool/v0) build whole apps from a description. They are ideal for prototypes and for people who do not code every day.

## How to evaluate

- Try each on a real task in your own repository
- Check how well it follows your project's conventions
- Review every change: AI code still needs tests and review
- Compare pricing at your expected usage, not the entry plan

For professional developers, an editor assistant plus an AI-first editor for larger changes is a common setup. For founders and designers, app builders get a working prototype on screen in minutes.`,
  },
  {
    slug: "getting-started-with-ai-voice-tools",
    title: "Getting Started with AI Voice Tools",
    excerpt: "Text to speech, voice cloning, transcription and clean-up: a beginner's map of AI audio tools.",
    meta_title: "Getting Started with AI Voice Tools",
    meta_description:
      "A beginner's guide to AI voice tools: text to speech, voice cloning, transcription and audio clean-up.",
    status: "published",
    published_at: "2026-09-15T09:00:00.000Z",
    content: `AI has changed how we record, edit and produce spoken audio. Here is where to start.

## Text to speech and voiceovers

[ElevenLabs](/tool/elevenlabs) produces very natural voices in many languages and can clone a voice with consent. [Murf AI](/tool/murf-ai) offers a studio for timing voiceovers to video and slides.

## Editing by transcript

[Descript](/tool/descript) turns recordings into a transcript you edit like a document: delete a sentence in the text and it disappears from the audio.

## Cleaner recordings

[Adobe Podcast](/tool/adobe-podcast) makes speech recorded in a noisy room sound like a studio take. [Krisp](/tool/krisp) removes background noise live during calls.

## Responsible use

- Only clone voices with explicit permission
- Label synthetic voices where your audience expects it
- Keep the original recordings

Start with one task, such as cleaning up a podcast episode, and build from there.`,
  },
  {
    slug: "a-practical-guide-to-prompt-writing",
    title: "A Practical Guide to Prompt Writing",
    excerpt: "Clear instructions, context and examples: the habits that get better answers from any AI assistant.",
    meta_title: "A Practical Guide to Prompt Writing",
    meta_description: "Simple habits for better AI results: give context, state the goal, show examples and iterate.",
    status: "published",
    published_at: "2026-10-08T09:00:00.000Z",
    content: `Good prompts are not magic phrases. They are clear briefs, the same kind you would give a capable colleague.

## Give context

Say who the output is for, what it will be used for and what you already have. Paste the relevant material instead of describing it.

## State the goal and the format

Ask for a specific deliverable: "a 150-word product description in a friendly tone, as three short paragraphs". Format instructions save a round of edits.

## Show an example

One good example of the style you want is worth a paragraph of adjectives.

## Iterate

Treat the first answer as a draft. Ask for changes in small steps: shorter, more formal, add a call to action.

## Checklist

1. Who is it for?
2. What is the goal?
3. What material should it use?
4. What format and length?
5. What should it avoid?

These habits work with [ChatGPT](/tool/chatgpt), [Claude](/tool/claude), [Gemini](/tool/gemini) and most other assistants in the directory.`,
  },
  {
    slug: "ai-tools-for-small-business-marketing",
    title: "AI Tools for Small Business Marketing",
    excerpt: "A lean marketing stack for small teams: content, design, video and SEO with AI.",
    meta_title: "AI Tools for Small Business Marketing",
    meta_description: "A lean AI marketing stack for small businesses: content, design, short video and SEO.",
    status: "published",
    published_at: "2026-11-02T09:00:00.000Z",
    content: `Small teams can now produce marketing that used to need an agency. A lean stack covers four jobs.

## Content

Use a general assistant to outline and draft, then edit in your own voice. [Copy.ai](/tool/copy-ai) adds workflows for sales and marketing teams.

## Design

[Canva Magic Studio](/tool/canva-magic-studio) turns a prompt into social posts and resizes designs for every channel. [Photoroom](/tool/photoroom) creates clean product photos.

## Short video

[OpusClip](/tool/opusclip) cuts long videos into short clips with captions, and [CapCut](/tool/capcut) handles quick edits.

## Search

[Surfer SEO](/tool/surfer-seo) shows what top-ranking pages cover so your articles answer the same questions.

Start with one channel, measure what brings customers, and add tools only when a task takes too long.`,
  },
  {
    slug: "what-to-expect-from-ai-video-in-2027",
    title: "What to Expect from AI Video in 2027",
    excerpt: "Longer clips, better motion and editing tools: where AI video generation is heading next.",
    meta_title: "What to Expect from AI Video in 2027",
    meta_description:
      "Where AI video generation is heading: longer clips, consistent characters and editing workflows.",
    status: "draft",
    content: `A draft outlook on AI video tools such as [Runway](/tool/runway), [Luma Dream Machine](/tool/luma-dream-machine) and [Kling AI](/tool/kling-ai).`,
  },
];
