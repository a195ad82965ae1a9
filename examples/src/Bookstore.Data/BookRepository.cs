using Bookstore.Domain;
using BookList = System.Collections.Generic.List<Bookstore.Domain.Book>;

namespace Bookstore.Data;

public class BookRepository : RepositoryBase<Book>, IBookQueries
{
    public BookRepository()
        : this("books")
    {
    }

    protected BookRepository(string name)
        : base(name)
    {
    }

    public BookList ByGenre(Genre genre) => Items.Values.InGenre(genre).ToList();

    public IEnumerable<Book> Search(string text) =>
        from book in Items.Values
        where book.Title.Contains(text, StringComparison.OrdinalIgnoreCase)
        orderby book.Title
        select book;

    public BookList Search(string text, int limit) => Search(text).Take(limit).ToList();

    public override bool Remove(int id)
    {
        Log($"removing #{id}");
        return base.Remove(id);
    }

    protected override void Validate(Book book)
    {
        if (book.Price.Amount < 0m)
        {
            throw new ArgumentException("A price cannot be negative.", nameof(book));
        }
    }
}
